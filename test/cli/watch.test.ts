import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { startShippedCli } from "../support/built-cli.js";
import { captureIo } from "../support/capture-io.js";
import { fixedConfigOverTutorialCassette } from "../support/failing-update-scenario.js";

/** A command running with --watch in-process: what it printed so far, and Ctrl+C. */
function watching(args: string[], { tty = false } = {}) {
  const stop = new AbortController();
  const captured = captureIo(stop.signal);
  const exit = runCli(args, { ...captured.io, isTTY: { stdout: tty, stderr: false } });
  return {
    ...captured,
    /** Waits until stderr has said `watching for changes` `times` times. */
    idle: (times: number) =>
      expect
        .poll(() => captured.stderr().split("watching for changes (Ctrl+C to stop)").length - 1, {
          timeout: 20_000,
        })
        .toBe(times),
    exited: () => exit,
    ctrlC: () => {
      stop.abort("SIGINT");
      return exit;
    },
  };
}

/** A project with the tutorial's request tools and the event API's description. */
function project(): { dir: string; tools: string; spec: string } {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-watch-"));
  const tools = join(dir, "request-tools.yaml");
  const spec = join(dir, "event-api.openapi.yaml");
  copyFileSync(packagePath("tools", "request-tools.yaml"), tools);
  copyFileSync(packagePath("tools", "event-api.openapi.yaml"), spec);
  return { dir, tools, spec };
}

describe("--watch", () => {
  test("lint: a config saved again is linted again, the change named; Ctrl+C exits 0", async () => {
    const { tools, spec } = project();
    const run = watching(["lint", tools, "--spec", spec, "--watch"], { tty: true });
    await run.idle(1);
    const first = run.stdout();
    expect(first).toContain("PUT /events is not an operation of Event Management API");
    // update_event deleted, as a user would delete it in an editor.
    const text = readFileSync(tools, "utf8");
    writeFileSync(tools, text.slice(0, text.indexOf("# update_event is kept")));
    await run.idle(2);
    expect(run.stderr()).toContain(`rerun: ${tools} changed\n`);
    const second = run.stdout().slice(first.length);
    // A terminal's screen is cleared before the rerun's report, as vitest clears it.
    expect(second.startsWith("\u001bc\u001b[3J")).toBe(true);
    expect(first).not.toContain("\u001bc");
    expect(second).toContain("✔ 2 problems (0 errors, 2 warnings, 0 infos) in 2 tools (profile standard)");
    expect(second).not.toContain("operation-not-found");
    await expect(run.ctrlC()).resolves.toBe(0);
  });

  test.each([
    [
      ["lint", "tools/", "--watch", "--fix"],
      "tooldeck lint: --fix rewrites the files --watch watches: give one or the other\n",
    ],
    [
      ["check", "-", "--watch"],
      "tooldeck check: --watch cannot watch stdin (-): name config files or folders\n",
    ],
  ])("%j: one line, exit 2", async (args, message) => {
    const run = watching(args);
    await expect(run.exited()).resolves.toBe(2);
    expect(run.stderr()).toBe(message);
  });

  test("the built CLI: Ctrl+C (SIGINT) ends a watch with exit code 0", async () => {
    const cli = startShippedCli(["lint", "tools/", "--watch"]);
    try {
      await expect
        .poll(() => cli.stderr(), { timeout: 20_000 })
        .toContain("watching for changes (Ctrl+C to stop)");
      expect(cli.stdout()).toContain("operation-not-found");
      cli.signal("SIGINT");
      await expect(cli.exited()).resolves.toBe(0);
    } finally {
      cli.kill();
    }
  });

  test("run: only the scenarios a change touches run again, a scenario file's or its cassette's", async () => {
    const { dir } = fixedConfigOverTutorialCassette();
    const list = join(dir, "list.yaml");
    writeFileSync(
      list,
      readFileSync(packagePath("scenarios", "list-events.yaml"), "utf8")
        .replace("tools: [../tools/]", `tools: ["${packagePath("tools")}"]`)
        .replace("profile: [standard, flowise]", "profile: standard\ncassette: l.json"),
    );
    copyFileSync(
      packagePath("scenarios", "cassettes", "list-events.standard.cassette.json"),
      join(dir, "l.json"),
    );
    const run = watching(["run", dir, "--watch"]);
    await run.idle(1);
    const first = run.stdout();
    expect(first).toContain("✓ list events [standard]");
    expect(first).toContain("✗ update event (tutorial config) [standard]");
    expect(first).toContain("1 passed, 1 failed");

    writeFileSync(list, `${readFileSync(list, "utf8")}\n# saved again\n`);
    await run.idle(2);
    const second = run.stdout().slice(first.length);
    expect(run.stderr()).toContain(`rerun: ${list} changed\n`);
    expect(second).toContain("✓ list events [standard]");
    expect(second).not.toContain("update event");
    expect(second).toContain("1 passed, 0 failed");

    // The cassette re-recorded by hand to what the fixed config sends: that scenario alone runs, and passes its diff.
    const cassette = join(dir, "c.json");
    writeFileSync(
      cassette,
      readFileSync(
        packagePath("scenarios", "cassettes", "update-event-fixed.standard.cassette.json"),
        "utf8",
      ),
    );
    await run.idle(3);
    const third = run.stdout().slice(first.length + second.length);
    expect(run.stderr()).toContain(`rerun: ${cassette} changed\n`);
    expect(third).toContain("update event (tutorial config) [standard]");
    expect(third).not.toContain("list events");
    await expect(run.ctrlC()).resolves.toBe(0);
  });
});
