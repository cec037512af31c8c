import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { captureIo } from "../support/capture-io.js";

async function tooldeck(...args: string[]) {
  return tooldeckWithStdin(undefined, ...args);
}

async function tooldeckWithStdin(stdin: string | undefined, ...args: string[]) {
  const captured = captureIo();
  if (stdin !== undefined) captured.io.readStdin = async () => stdin;
  const exit = await runCli(args, captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

function tool(name: string, url = "{{$vars.base_url}}/events") {
  return { kind: "request", method: "GET", name, description: `Use this to list events (${name})`, url };
}

function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-sources-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  }
  return dir;
}

function toolNames(stdout: string): string[] {
  return JSON.parse(stdout).tools.map((t: { name: string }) => t.name);
}

describe("nothing green by accident: no tools, no scenarios", () => {
  test.each(["check", "lint"])("%s on a folder without tools exits 2, one line", async (command) => {
    const dir = folder({ "README.json.txt": "not a config" });
    const { exit, stdout, stderr } = await tooldeck(command, dir);
    expect(exit).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(`tooldeck ${command}: no tools found in ${dir}\n`);
  });

  test("check --allow-empty: an empty folder is fine", async () => {
    const { exit, stdout } = await tooldeck("check", folder({}), "--allow-empty");
    expect(exit).toBe(0);
    expect(stdout).toContain("✔ no problems in 0 tools");
  });

  test("run on a folder without scenarios exits 2; --allow-empty passes", async () => {
    const dir = folder({});
    const empty = await tooldeck("run", dir);
    expect(empty.exit).toBe(2);
    expect(empty.stderr).toBe(`tooldeck run: no scenarios found in ${dir}\n`);
    const allowed = await tooldeck("run", dir, "--allow-empty");
    expect(allowed).toMatchObject({ exit: 0, stdout: "\n0 passed, 0 failed\n" });
  });
});

describe("walking folders, patterns and stdin", () => {
  test("node_modules, .git and hidden folders are not walked", async () => {
    const dir = folder({
      "tools.json": [tool("mine")],
      "node_modules/some-package/tool.json": [tool("vendored")],
      "node_modules/some-package/package.json": { name: "some-package", version: "1.0.0" },
      ".git/config.json": [tool("from_git")],
      ".cache/tool.json": [tool("hidden")],
    });
    const { exit, stdout } = await tooldeck("lint", dir, "--format", "json");
    expect(exit).toBe(0);
    expect(toolNames(stdout)).toEqual(["mine"]);
  });

  test("a quoted pattern: ** for any folder, * within a name", async () => {
    const dir = folder({
      "tools/a.yaml": `- ${JSON.stringify(tool("top"))}`,
      "tools/more/deeper/b.yaml": `- ${JSON.stringify(tool("nested"))}`,
      "tools/c.json": [tool("json_one")],
      "tools/node_modules/d.yaml": `- ${JSON.stringify(tool("vendored"))}`,
    });
    const yaml = await tooldeck("lint", `${dir}/tools/**/*.yaml`, "--format", "json");
    expect(toolNames(yaml.stdout)).toEqual(["top", "nested"]);
    const top = await tooldeck("lint", `${dir}/tools/*.json`, "--format", "json");
    expect(toolNames(top.stdout)).toEqual(["json_one"]);
    const none = await tooldeck("lint", `${dir}/tools/*.yml`, "--format", "json");
    expect(none.exit).toBe(2);
    expect(JSON.parse(none.stdout).diagnostics[0].message).toBe("no config file matches");
  });

  test("- reads one config from stdin, JSON or YAML", async () => {
    const json = await tooldeckWithStdin(JSON.stringify(tool("piped")), "check", "-", "--format", "json");
    expect(json.exit).toBe(0);
    expect(JSON.parse(json.stdout).tools).toEqual([
      expect.objectContaining({ name: "piped", file: "<stdin>", sent: expect.stringContaining("→ 200") }),
    ]);
    const yaml = await tooldeckWithStdin(
      "kind: request\nmethod: GET\nname: piped_yaml\ndescription: Use this\nurl: '{{$vars.base_url}}/events'\n",
      "lint",
      "-",
      "--format",
      "json",
    );
    expect(toolNames(yaml.stdout)).toEqual(["piped_yaml"]);
    const nothing = await tooldeckWithStdin("", "lint", "-", "--format", "json");
    expect(nothing.exit).toBe(2);
    expect(JSON.parse(nothing.stdout).diagnostics[0]).toMatchObject({
      file: "<stdin>",
      message: "nothing was read from stdin",
    });
  });

  test("--fix leaves a config read from stdin alone", async () => {
    const tutorial = readFileSync(packagePath("tools", "request-tools.yaml"), "utf8");
    const { stderr } = await tooldeckWithStdin(
      tutorial,
      "check",
      "-",
      "--spec",
      packagePath("tools", "event-api.openapi.yaml"),
      "--fix",
      "--no-probe",
    );
    expect(stderr).toContain("not fixed: <stdin>: update_event: it was read from stdin");
  });
});

describe("Flowise exports are judged as Flowise runs them", () => {
  const spec = packagePath("tools", "event-api.openapi.yaml");
  const flowSuggestion =
    "no Flowise request tool can send PATCH /events/{id}: use an HTTP node (method PATCH) or an OpenAPI toolkit tool for updateEventDetails, with id declared on the operation (Flowise ignores path-item parameters)";

  function exportBesideTools(): string {
    const dir = folder({});
    copyFileSync(packagePath("fixtures", "flowise", "event-agent-agentflow.json"), join(dir, "flow.json"));
    writeFileSync(join(dir, "tools.json"), JSON.stringify([tool("list_all")]));
    return dir;
  }

  test("without --profile: the export under flowise, the other files under standard, and the report says so", async () => {
    const dir = exportBesideTools();
    const json = await tooldeck("check", dir, "--spec", spec, "--format", "json", "--fail-on", "none");
    const report = JSON.parse(json.stdout);
    const profiles = report.tools.map((t: { file: string; profile: string }) => `${t.file}: ${t.profile}`);
    expect(new Set(profiles)).toEqual(new Set([`${dir}/flow.json: flowise`, `${dir}/tools.json: standard`]));
    const update = report.diagnostics.find(
      (d: { file: string; code: string }) =>
        d.file === `${dir}/flow.json` && d.code === "operation-not-found",
    );
    expect(update.suggestion).toBe(flowSuggestion);
    expect(update.fix).toBeUndefined();
    const stylish = await tooldeck("check", dir, "--spec", spec, "--fail-on", "none");
    expect(stylish.stdout).toContain(`${dir}/flow.json  (profile flowise)\n`);
    expect(stylish.stdout).toContain(`${dir}/tools.json\n`);
    expect(stylish.stdout).toContain(`(profile standard; flowise for ${dir}/flow.json)\n`);
  });

  test("--profile standard judges the export under standard, and still phrases its fix for Flowise", async () => {
    const dir = exportBesideTools();
    const { stdout } = await tooldeck(
      "lint",
      join(dir, "flow.json"),
      "--spec",
      spec,
      "--profile",
      "standard",
      "--format",
      "json",
    );
    const report = JSON.parse(stdout);
    expect(report.profile).toBe("standard");
    expect(report.tools.every((t: { profile: string }) => t.profile === "standard")).toBe(true);
    const update = report.diagnostics.find((d: { code: string }) => d.code === "operation-not-found");
    expect(update.suggestion).toBe(flowSuggestion);
  });
});
