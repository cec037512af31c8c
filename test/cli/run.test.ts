import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { captureIo } from "../support/capture-io.js";
import { fixedConfigOverTutorialCassette } from "../support/failing-update-scenario.js";

async function run(...args: string[]) {
  return runWithEnv({}, ...args);
}

async function runWithEnv(env: Record<string, string>, ...args: string[]) {
  const captured = captureIo(new AbortController().signal, env);
  const exit = await runCli(["run", ...args], captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

/** A copy of the list-events scenario whose cassette has not been recorded yet. */
function scenarioWithoutCassette(): { dir: string; file: string; cassette: string } {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-run-ci-"));
  const scenario = readFileSync(packagePath("scenarios", "list-events.yaml"), "utf8")
    .replace("tools: [../tools/]", `tools: ["${packagePath("tools")}"]`)
    .replace("profile: [standard, flowise]", "profile: standard\ncassette: tape.json");
  writeFileSync(join(dir, "list.yaml"), scenario);
  return { dir, file: join(dir, "list.yaml"), cassette: join(dir, "tape.json") };
}

/** A scenario whose model sends create_event a body that fails its schema (a number for a string name). */
function invalidArgumentsScenario(): { file: string; cassette: string } {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-run-invalid-"));
  const scenario = [
    "name: invalid arguments",
    `tools: ["${packagePath("tools")}"]`,
    "profile: standard",
    "cassette: tape.json",
    "messages: Add an event called 42.",
    "model:",
    "  scripted:",
    "    - calls:",
    "        - tool: create_event",
    "          args: { body: { name: 42 } }",
    "    - answer: I could not add it.",
    "expect:",
    "  calls:",
    "    - { tool: create_event, outcome: error }",
  ].join("\n");
  writeFileSync(join(dir, "invalid.yaml"), scenario);
  return { file: join(dir, "invalid.yaml"), cassette: join(dir, "tape.json") };
}

describe("tooldeck run", () => {
  test("invalid arguments: LangChain's message is recorded, with no stack or path, and the replay is green", async () => {
    const { file, cassette } = invalidArgumentsScenario();
    const recorded = await run(file);
    expect(recorded.exit).toBe(0);
    const text = readFileSync(cassette, "utf8");
    expect(JSON.parse(text).calls[0].output).toBe(
      `Error invoking tool 'create_event' with kwargs {"body":{"name":42}} with error: Error: Received tool input did not match expected schema\n Please fix the error and try again.`,
    );
    expect(text).not.toMatch(/\bat .*:\d+:\d+|file:|node_modules/);
    expect(text).not.toContain(packagePath());
    const replayed = await run("--ci", file);
    expect(replayed.stdout).toContain("1 passed, 0 failed");
    expect(replayed.exit).toBe(0);
  });

  test("--spec reports drift: a recorded call that is no operation of the description", async () => {
    const spec = packagePath("tools", "event-api.openapi.yaml");
    const { exit, stdout } = await run(packagePath("scenarios", "update-event.yaml"), "--spec", spec);
    expect(exit).toBe(0);
    expect(stdout).toContain(
      "    drift: call 1 update_event: PUT /events is not an operation of Event Management API\n",
    );
    const fixed = await run(packagePath("scenarios", "update-event-fixed.yaml"), "--spec", spec);
    expect(fixed.stdout).not.toContain("drift");
    const missing = await run(packagePath("scenarios", "update-event.yaml"), "--spec", "/nonexistent.yaml");
    expect(missing.exit).toBe(2);
    expect(missing.stderr).toMatch(/^tooldeck run: \/nonexistent\.yaml: cannot read file/);
  });

  test("the shipped scenarios: one line each, then the plain summary line", async () => {
    const { exit, stdout } = await run(packagePath("scenarios"));
    const lines = stdout.trimEnd().split("\n");
    expect(exit).toBe(0);
    expect(lines.at(-1)).toBe("13 passed, 0 failed");
    expect(lines.filter((line) => line.startsWith("✓ "))).toHaveLength(13);
    // Named absolute, shown from the project's root.
    expect(lines[0]).toBe("✓ create event [standard] — 1 call, replayed  scenarios/create-event.yaml");
  });

  test("a changed config: the diff under the failing scenario, exit 1", async () => {
    const dir = fixedConfigOverTutorialCassette().dir;
    const { exit, stdout } = await run(join(dir, "update.yaml"));
    expect(exit).toBe(1);
    expect(stdout.replaceAll(dir, "<dir>")).toBe(
      [
        "✗ update event (tutorial config) [standard] — 1 call, replayed  <dir>/update.yaml",
        "    stale cassette (tool update_event changed): run tooldeck run --update locally",
        "    the replay differs from the cassette (see the diff)",
        '    calls[0] update_event: expected outcome error, got ok (HTTP 200): {"id":"1","name":"Tech Summit 2024","date":"2024-06-15T09:00:00Z","location":"San Francisco, CA"}',
        "    calls[0] update_event: expected HTTP 404, got HTTP 200",
        '    state.events: no item matching {"id":"1","name":"Tech Conference 2024"}',
        '    state.events: an item matching {"name":"Tech Summit 2024"} is still there',
        "    call 1 update_event (agent):",
        "      - PUT http://events.tooldeck.internal/events",
        "      + PATCH http://events.tooldeck.internal/events/1",
        "      - status 404 Not Found",
        "      + status 200 OK",
        '      - output HTTP 404 Not Found: {"error":"Endpoint not found"}',
        '      + output {"id":"1","name":"Tech Summit 2024","date":"2024-06-15T09:00:00Z","location":"San Francisco, CA"}',
        "    drift: call 1 update_event: PUT /events is not an operation of Event Management API",
        "",
        "0 passed, 1 failed",
        "",
      ].join("\n"),
    );
  });

  test("--update re-records: the run is live, and the next replay matches the new cassette", async () => {
    const dir = fixedConfigOverTutorialCassette().dir;
    const updated = await run(join(dir, "update.yaml"), "--update");
    expect(updated.stdout).toContain("— 1 call, recorded");
    expect(JSON.parse(readFileSync(join(dir, "c.json"), "utf8")).calls[0].request.method).toBe("PATCH");
    const replayed = await run(join(dir, "update.yaml"));
    expect(replayed.stdout).not.toContain("call 1 update_event (agent):");
    expect(replayed.stdout).toContain("replayed");
  });

  test("--format json: every scenario with its diff; progress and summary on stderr", async () => {
    const dir = fixedConfigOverTutorialCassette().dir;
    const { exit, stdout, stderr } = await run(join(dir, "update.yaml"), "--format", "json");
    const report = JSON.parse(stdout);
    expect(exit).toBe(1);
    expect(report).toMatchObject({ passed: 0, failed: 1 });
    expect(report.scenarios[0]).toMatchObject({
      name: "update event (tutorial config)",
      profile: "standard",
      mode: "replayed",
      passed: false,
    });
    expect(report.scenarios[0].diff[1]).toBe("  - PUT http://events.tooldeck.internal/events");
    expect(stderr.replaceAll(dir, "<dir>")).toBe("[1/1] <dir>/update.yaml\n0 passed, 1 failed\n");
  });

  test("--format junit: one test case per scenario run, failures with every reason", async () => {
    const { exit, stdout } = await run(
      packagePath("scenarios", "update-event.yaml"),
      fixedConfigOverTutorialCassette().dir,
      "--format",
      "junit",
    );
    expect(exit).toBe(1);
    expect(stdout).toContain('<testsuite name="tooldeck run" tests="3" failures="1" errors="0">');
    // A passing scenario carries its drift lines as system-out; a failing one after its reasons too.
    const drift = "drift: call 1 update_event: PUT /events is not an operation of Event Management API";
    expect(stdout).toContain(
      `<testcase classname="scenarios/update-event.yaml" name="update event (tutorial config) [flowise]">\n      <system-out>${drift}</system-out>\n    </testcase>`,
    );
    expect(stdout).toContain(
      '<failure message="stale cassette (tool update_event changed): run tooldeck run --update locally">',
    );
    expect(stdout).toContain("  - PUT http://events.tooldeck.internal/events\n");
    expect(stdout).toContain(`${drift}</failure>`);
  });

  test.each([
    ["CI is set", { CI: "true" }, []],
    ["--ci", {}, ["--ci"]],
  ])("%s: a missing cassette fails with one line and nothing is recorded", async (_name, env, flags) => {
    const { file, cassette } = scenarioWithoutCassette();
    const { exit, stdout } = await runWithEnv(env, file, ...flags);
    expect(exit).toBe(1);
    expect(stdout).toBe(
      [
        `✗ list events [standard] — 0 calls, missing  ${file}`,
        "    no cassette: run tooldeck run --update locally",
        "",
        "0 passed, 1 failed",
        "",
      ].join("\n"),
    );
    expect(existsSync(cassette)).toBe(false);
  });

  test("outside CI a missing cassette is recorded, and the run says so", async () => {
    const { file, cassette } = scenarioWithoutCassette();
    const { exit, stdout } = await runWithEnv({ CI: "false" }, file);
    expect(exit).toBe(0);
    expect(stdout).toContain(
      `✓ list events [standard] — 1 call, recorded  ${file}\n    recorded ${cassette}\n`,
    );
    expect(existsSync(cassette)).toBe(true);
    const inCi = await runWithEnv({ CI: "1" }, file);
    expect(inCi.stdout).toContain("— 1 call, replayed");
  });

  test("a scenario file that cannot be loaded: its line, the others still run, exit 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tooldeck-run-"));
    writeFileSync(join(dir, "broken.yaml"), "tools: [x]\nmodel: nope\nmessages: hi\n");
    const { exit, stdout } = await run(
      join(dir, "broken.yaml"),
      packagePath("scenarios", "list-events.yaml"),
    );
    expect(exit).toBe(2);
    expect(stdout.replaceAll(dir, "<dir>").split("\n")).toEqual([
      "✗ <dir>/broken.yaml — model: expected provider:model, e.g. openai:gpt-4o-mini",
      "✓ list events [standard] — 1 call, replayed  scenarios/list-events.yaml",
      "✓ list events [flowise] — 1 call, replayed  scenarios/list-events.yaml",
      "",
      "2 passed, 1 failed",
      "",
    ]);
  });

  test.each([
    [["--format", "tap"], "tooldeck run: --format must be text, json, junit or html, got 'tap'\n"],
    [["no-such-dir"], "tooldeck run: no-such-dir: no such file or folder\n"],
    [
      ["--updat"],
      "tooldeck run: Unknown option '--updat', did you mean --update? (see 'tooldeck run --help')\n",
    ],
    [
      [packagePath("fixtures", "flowise")],
      `tooldeck run: no scenarios found in ${packagePath("fixtures", "flowise")}\n`,
    ],
  ])("usage error %j: one line, exit 2", async (args, message) => {
    const { exit, stderr } = await run(...args);
    expect(exit).toBe(2);
    expect(stderr).toBe(message);
  });
});

describe("tooldeck run on a hostile scenario", () => {
  test("--update writes no cassette outside the scenario's folder", async () => {
    const parent = mkdtempSync(join(tmpdir(), "tooldeck-run-hostile-"));
    const dir = join(parent, "scenarios");
    mkdirSync(dir);
    const scenario = readFileSync(packagePath("scenarios", "update-event.yaml"), "utf8")
      .replace("tools: [../tools/]", `tools: ["${packagePath("tools")}"]`)
      .replace("profile: [standard, flowise]", "profile: standard\ncassette: ../escaped.json");
    writeFileSync(join(dir, "update.yaml"), scenario);
    const { exit, stdout } = await run(join(dir, "update.yaml"), "--update");
    expect(exit).toBe(2);
    expect(stdout).toContain(`cassette "../escaped.json" is outside the scenario's folder`);
    expect(existsSync(join(parent, "escaped.json"))).toBe(false);
  });

  test("a cassette symlinked out of the project fails only its scenario; the others run and report", async () => {
    const parent = mkdtempSync(join(tmpdir(), "tooldeck-run-hostile-"));
    const dir = join(parent, "scenarios");
    mkdirSync(dir);
    const scenario = (cassette: string) =>
      readFileSync(packagePath("scenarios", "list-events.yaml"), "utf8")
        .replace("tools: [../tools/]", `tools: ["${packagePath("tools")}"]`)
        .replace("profile: [standard, flowise]", `profile: standard\ncassette: ${cassette}`);
    writeFileSync(join(dir, "a-linked.yaml"), scenario("linked.json"));
    writeFileSync(join(dir, "b-own.yaml"), scenario("own.json"));
    writeFileSync(
      join(parent, "outside.json"),
      readFileSync(packagePath("scenarios", "cassettes", "list-events.standard.cassette.json")),
    );
    symlinkSync(join(parent, "outside.json"), join(dir, "linked.json"));
    const { exit, stdout } = await run(dir);
    expect(exit).toBe(2);
    expect(stdout).toContain(
      `✗ ${join(dir, "a-linked.yaml")} — cassette "linked.json" is outside the scenario's folder`,
    );
    expect(stdout).toContain("✓ list events [standard] — 1 call, recorded");
    expect(stdout).toContain("1 passed, 1 failed");
  });

  test("a scenario file symlinked out of the project is its own failed entry", async () => {
    const parent = mkdtempSync(join(tmpdir(), "tooldeck-run-hostile-"));
    const dir = join(parent, "scenarios");
    mkdirSync(dir);
    writeFileSync(join(parent, "elsewhere.yaml"), "name: planted\n");
    symlinkSync(join(parent, "elsewhere.yaml"), join(dir, "planted.yaml"));
    const { exit, stdout } = await run(dir);
    expect(exit).toBe(2);
    expect(stdout).toMatch(/✗ .*planted\.yaml — .*planted\.yaml is a symlink to .*outside the project/);
    expect(stdout).toContain("0 passed, 1 failed");
  });

  test("--update writes nothing through a dangling symlink out of the folder", async () => {
    const parent = mkdtempSync(join(tmpdir(), "tooldeck-run-hostile-"));
    const dir = join(parent, "scenarios");
    mkdirSync(dir);
    const scenario = readFileSync(packagePath("scenarios", "update-event.yaml"), "utf8")
      .replace("tools: [../tools/]", `tools: ["${packagePath("tools")}"]`)
      .replace("profile: [standard, flowise]", "profile: standard\ncassette: tape.json");
    writeFileSync(join(dir, "update.yaml"), scenario);
    symlinkSync(join(parent, "planted.json"), join(dir, "tape.json"));
    const { exit, stdout } = await run(join(dir, "update.yaml"), "--update");
    expect(exit).toBe(2);
    expect(stdout).toContain(`cassette "tape.json" is outside the scenario's folder`);
    expect(existsSync(join(parent, "planted.json"))).toBe(false);
  });
});
