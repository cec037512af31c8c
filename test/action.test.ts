import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { runCli } from "../src/cli/run-cli.js";
import { packagePath } from "../src/package/package-root.js";
import { captureIo } from "./support/capture-io.js";

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
const ACTION = parse(readFileSync(packagePath("action.yml"), "utf8")) as {
  inputs: Record<string, { description: string; default?: string }>;
  runs: { using: string; steps: Step[] };
};
const STEPS = ACTION.runs.steps;
const CHECK = STEPS.find((step) => step.id === "check") as Step;

/** The inputs that are `tooldeck check` flags of the same name; `paths` are its arguments. */
const FLAG_INPUTS = ["spec", "profile", "fail-on", "format", "config", "baseline"];

/**
 * Runs the check step's script as the runner would, with these inputs (the rest at their defaults)
 * and an `npx` that records its arguments instead of fetching anything: the argv tooldeck gets.
 */
function runStep(inputs: Record<string, string>): { argv: string[]; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-action-"));
  writeFileSync(join(dir, "npx"), `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "${dir}/argv"\n`);
  chmodSync(join(dir, "npx"), 0o755);
  const env: Record<string, string> = { PATH: `${dir}:${process.env.PATH}`, RUNNER_TEMP: dir };
  for (const [name, input] of Object.entries(ACTION.inputs))
    env[`INPUT_${name.toUpperCase().replaceAll("-", "_")}`] = inputs[name] ?? input.default ?? "";
  execFileSync("bash", ["-c", CHECK.run as string], { env, cwd: dir });
  return { argv: readFileSync(join(dir, "argv"), "utf8").trimEnd().split("\n"), dir };
}

const argvFor = (inputs: Record<string, string>) => runStep(inputs).argv;

describe("action.yml: a composite action around npx tooldeck check", () => {
  test("composite: set up Node, check, upload the SARIF to code scanning", () => {
    expect(ACTION.runs.using).toBe("composite");
    expect(STEPS.map((step) => step.uses ?? step.id ?? "exit")).toEqual([
      "actions/setup-node@v4",
      "check",
      "github/codeql-action/upload-sarif@v3",
      "exit",
    ]);
    expect(STEPS[2]?.with).toEqual({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, as the runner reads it
      sarif_file: "${{ steps.check.outputs.report }}",
      category: "tooldeck",
    });
  });

  test("every input is described and used, and every input named in the steps exists", () => {
    const text = readFileSync(packagePath("action.yml"), "utf8");
    const named = [...text.matchAll(/inputs\.([a-z-]+)/g)].map((match) => match[1]);
    expect(new Set(named)).toEqual(new Set(Object.keys(ACTION.inputs)));
    for (const input of Object.values(ACTION.inputs)) expect(input.description.length).toBeGreaterThan(20);
    for (const [name, value] of Object.entries(CHECK.env ?? {}))
      expect(value).toBe(`\${{ inputs.${name.slice("INPUT_".length).toLowerCase().replaceAll("_", "-")} }}`);
  });

  test("the defaults: tooldeck check tools/ as SARIF, failing on errors", () => {
    expect(argvFor({})).toEqual([
      "--yes",
      "tooldeck",
      "check",
      "tools/",
      "--format",
      "sarif",
      "--fail-on",
      "error",
    ]);
  });

  test("each flag input becomes the check flag of its name, and tooldeck check knows every one", async () => {
    const argv = argvFor({
      paths: "tools/ flows/agent.json",
      spec: "api/openapi.yaml",
      profile: "flowise",
      "fail-on": "warning",
      format: "json",
      config: "ci/tooldeck.yaml",
      baseline: "tooldeck.baseline.json",
      version: "1.2.3",
    });
    expect(argv.slice(0, 5)).toEqual(["--yes", "tooldeck@1.2.3", "check", "tools/", "flows/agent.json"]);
    const flags = argv.slice(5);
    for (const input of FLAG_INPUTS) expect(flags).toContain(`--${input}`);
    expect(flags.filter((arg) => arg.startsWith("--"))).toHaveLength(FLAG_INPUTS.length);
    // Parsed by the real command: an unknown flag or a missing value would be exit 2, --help is exit 0.
    const io = captureIo();
    expect(await runCli(["check", ...flags, "--help"], io.io)).toBe(0);
    expect(io.stdout()).toContain("Usage: tooldeck check");
  });

  test("an input is a value, never script: a spec named to break out runs nothing", () => {
    const hostile = '"; touch PWNED; echo "';
    const { argv, dir } = runStep({ spec: hostile, paths: "$(touch PWNED2) tools/" });
    expect(argv).toContain(hostile);
    expect(argv).toContain("$(touch");
    expect(existsSync(join(dir, "PWNED"))).toBe(false);
    expect(existsSync(join(dir, "PWNED2"))).toBe(false);
  });
});
