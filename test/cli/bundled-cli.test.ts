import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { SHIPPED_CLI, UNBUNDLED_CLI } from "../support/built-cli.js";

/**
 * The shipped CLI is a bundle of tsc's output (scripts/bundle.js, for start-up): it must answer
 * exactly as the unbundled modules do, and load what it bundled from itself.
 */
const work = mkdtempSync(join(tmpdir(), "tooldeck-bundle-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(cli: string, args: readonly string[], nodeArgs: readonly string[] = []) {
  const result = spawnSync(process.execPath, [...nodeArgs, cli, ...args], {
    cwd: packagePath(),
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", CI: "" },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the bundled CLI (package.json bin)", () => {
  test("is the bundle in dist/cli/, not tsc's output", () => {
    expect(SHIPPED_CLI).toBe(packagePath("dist", "cli", "tooldeck.js"));
  });

  test.each(
    [
      ["--help"],
      ["check", "--help"],
      ["lint", "tools/"],
      ["check", "tools/", "--format", "json"],
      ["check", "tools/", "--spec", "tools/event-api.openapi.yaml", "--format", "sarif"],
      ["check", "fixtures/flowise/event-agent-agentflow.json", "--profile", "flowise"],
      ["tools", "tools/"],
      ["call", "get_events", "--args", '{"queryParams":{"id":"1"}}'],
      ["run", "scenarios/", "--ci"],
      ["mcp", "--list", "tools/request-tools.yaml"],
      ["lint", "no/such/dir/"],
      ["nonsense"],
    ].map((args) => [args.join(" "), args] as const),
  )("tooldeck %s answers as the unbundled CLI does", (_, args) => {
    const bundled = run(SHIPPED_CLI, args);
    expect(bundled).toEqual(run(UNBUNDLED_CLI, args));
    expect(bundled.stdout + bundled.stderr).not.toBe("");
  });

  test("lint loads tooldeck and zod from the bundle: no module of dist/src, none of zod's own files", () => {
    const hook = join(work, "log-loads.mjs");
    const logLoads =
      'export async function load(url, context, next) { if (url.startsWith("file:")) process.stderr.write("loaded " + url + "\\n"); return next(url, context); }';
    writeFileSync(
      hook,
      `import { register } from "node:module";\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(logLoads)}`)});\n`,
    );
    const { status, stderr } = run(SHIPPED_CLI, ["lint", "tools/"], ["--import", pathToFileURL(hook).href]);
    expect(status).toBe(1); // the tutorial's findings
    const loaded = stderr.split("\n").filter((line) => line.startsWith("loaded "));
    expect(loaded.some((line) => line.includes("/dist/cli/chunks/"))).toBe(true);
    expect(loaded.filter((line) => line.includes("/dist/src/") || line.includes("/node_modules/"))).toEqual(
      [],
    );
  });
});
