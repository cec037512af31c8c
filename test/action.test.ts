import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { runCli } from "../src/cli/run-cli.js";
import { packagePath } from "../src/package/package-root.js";
import { SHIPPED_CLI } from "./support/built-cli.js";
import { captureIo } from "./support/capture-io.js";
import { localRegistry } from "./support/local-registry.js";

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
const VERSION = (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { version: string })
  .version;

/** The inputs that are `tooldeck check` flags of the same name; `paths` are its arguments. */
const FLAG_INPUTS = ["spec", "profile", "fail-on", "format", "config", "baseline"];

/** Records its arguments, one a line, in $RUNNER_TEMP/argv: the tooldeck a fake npm installs. */
const RECORDING_TOOLDECK = `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "$RUNNER_TEMP/argv"\n`;

/** An npm that records its arguments and where it ran, and installs the recording tooldeck. */
const RECORDING_NPM = `#!/bin/sh
pwd > "$RUNNER_TEMP/npm-cwd"
for a in "$@"; do printf '%s\\n' "$a"; done > "$RUNNER_TEMP/npm-argv"
mkdir -p "$RUNNER_TEMP/tooldeck-bin/node_modules/.bin"
cp "$RUNNER_TEMP/recording-tooldeck" "$RUNNER_TEMP/tooldeck-bin/node_modules/.bin/tooldeck"
`;

interface StepRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** What the step wrote to $GITHUB_OUTPUT, by name. */
  outputs: Record<string, string>;
}

/** The action's inputs as the runner gives them to the check step: these, the rest at their defaults. */
function inputEnv(inputs: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, input] of Object.entries(ACTION.inputs))
    env[`INPUT_${name.toUpperCase().replaceAll("-", "_")}`] = inputs[name] ?? input.default ?? "";
  return env;
}

/**
 * Runs the check step's `run:` line as the runner runs a `shell: bash` step (the line in a file,
 * `bash --noprofile --norc -eo pipefail FILE`), in the checkout, with the action's folder in
 * GITHUB_ACTION_PATH and a fresh $GITHUB_OUTPUT.
 */
function runCheckStep(checkout: string, temp: string, env: Record<string, string>): Promise<StepRun> {
  const step = mkdtempSync(join(tmpdir(), "tooldeck-action-step-"));
  const output = join(step, "output");
  writeFileSync(output, "");
  writeFileSync(join(step, "step.sh"), CHECK.run as string);
  const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", join(step, "step.sh")], {
    cwd: checkout,
    env: { ...env, RUNNER_TEMP: temp, GITHUB_OUTPUT: output, GITHUB_ACTION_PATH: packagePath() },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) =>
    child.on("close", (status) => {
      const lines = readFileSync(output, "utf8").split("\n").filter(Boolean);
      const outputs = Object.fromEntries(lines.map((line) => line.split(/=(.*)/s).slice(0, 2)));
      resolve({ status, stdout, stderr, outputs });
    }),
  );
}

/** The check step with the recording npm: the argv tooldeck gets, and npm's argv and folder. */
async function runStep(inputs: Record<string, string>) {
  const temp = realpathSync(mkdtempSync(join(tmpdir(), "tooldeck-action-")));
  const checkout = join(temp, "checkout");
  mkdirSync(join(temp, "bin"));
  mkdirSync(checkout);
  writeFileSync(join(temp, "bin", "npm"), RECORDING_NPM);
  chmodSync(join(temp, "bin", "npm"), 0o755);
  writeFileSync(join(temp, "recording-tooldeck"), RECORDING_TOOLDECK);
  chmodSync(join(temp, "recording-tooldeck"), 0o755);
  const env = { PATH: `${join(temp, "bin")}:${process.env.PATH}`, ...inputEnv(inputs) };
  const run = await runCheckStep(checkout, temp, env);
  const lines = (file: string) =>
    existsSync(join(temp, file)) ? readFileSync(join(temp, file), "utf8").trimEnd().split("\n") : [];
  return { ...run, temp, checkout, argv: lines("argv"), npm: lines("npm-argv"), npmCwd: lines("npm-cwd")[0] };
}

const argvFor = async (inputs: Record<string, string>) => (await runStep(inputs)).argv;

describe("action.yml: a composite action around the published tooldeck's check", () => {
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
    expect(CHECK.run).toBe('bash "$GITHUB_ACTION_PATH/action/check.sh"');
  });

  test("every input is described and used, and every input named in the steps exists", () => {
    const text = readFileSync(packagePath("action.yml"), "utf8");
    const named = [...text.matchAll(/inputs\.([a-z-]+)/g)].map((match) => match[1]);
    expect(new Set(named)).toEqual(new Set(Object.keys(ACTION.inputs)));
    for (const input of Object.values(ACTION.inputs)) expect(input.description.length).toBeGreaterThan(20);
    for (const [name, value] of Object.entries(CHECK.env ?? {}))
      expect(value).toBe(`\${{ inputs.${name.slice("INPUT_".length).toLowerCase().replaceAll("_", "-")} }}`);
  });

  test("the version it installs by default is the one it is released with: package.json's", () => {
    expect(ACTION.inputs.version?.default).toBe(VERSION);
  });

  test("the defaults: tooldeck check tools/ as SARIF, failing on errors", async () => {
    const run = await runStep({});
    expect(run.argv).toEqual(["check", "tools/", "--format", "sarif", "--fail-on", "error"]);
    expect(run.outputs).toEqual({ report: join(run.temp, "tooldeck.sarif"), status: "0" });
  });

  test("npm installs tooldeck@VERSION into $RUNNER_TEMP, running there, not in the checkout, no scripts", async () => {
    const run = await runStep({});
    expect(run.npm).toEqual([
      "install",
      "--prefix",
      join(run.temp, "tooldeck-bin"),
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      `tooldeck@${VERSION}`,
    ]);
    expect(run.npmCwd).toBe(join(run.temp, "tooldeck-bin"));
    expect((await runStep({ version: "1.2.3" })).npm.at(-1)).toBe("tooldeck@1.2.3");
    expect((await runStep({ version: "latest" })).npm.at(-1)).toBe("tooldeck@latest");
  });

  test.each([
    ["a path", "file:../checkout/evil"],
    ["a git repository", "github:someone/tooldeck"],
    ["a URL", "https://example.com/tooldeck.tgz"],
    ["nothing", ""],
  ])("a version that is %s is refused before npm runs (exit 2)", async (_label, version) => {
    const run = await runStep({ version });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      "::error title=tooldeck::the version input must be a tooldeck version or dist-tag of the registry (like 0.1.0 or latest)\n",
    );
    expect(run.npm).toEqual([]);
  });

  test("a format that would write a second output line is refused (exit 2)", async () => {
    const run = await runStep({ format: "sarif\nstatus=0" });
    expect(run.status).toBe(2);
    expect(run.outputs).toEqual({});
  });

  test("each flag input becomes the check flag of its name, and tooldeck check knows every one", async () => {
    const argv = await argvFor({
      paths: "tools/ flows/agent.json",
      spec: "api/openapi.yaml",
      profile: "flowise",
      "fail-on": "warning",
      format: "json",
      config: "ci/tooldeck.yaml",
      baseline: "tooldeck.baseline.json",
    });
    expect(argv.slice(0, 3)).toEqual(["check", "tools/", "flows/agent.json"]);
    const flags = argv.slice(3);
    for (const input of FLAG_INPUTS) expect(flags).toContain(`--${input}`);
    expect(flags.filter((arg) => arg.startsWith("--"))).toHaveLength(FLAG_INPUTS.length);
    // Parsed by the real command: an unknown flag or a missing value would be exit 2, --help is exit 0.
    const io = captureIo();
    expect(await runCli(["check", ...flags, "--help"], io.io)).toBe(0);
    expect(io.stdout()).toContain("Usage: tooldeck check");
  });

  test("an input is a value, never script: a spec named to break out runs nothing", async () => {
    const hostile = '"; touch PWNED; echo "';
    const { argv, checkout } = await runStep({ spec: hostile, paths: "$(touch PWNED2) tools/" });
    expect(argv).toContain(hostile);
    expect(argv).toContain("$(touch");
    expect(existsSync(join(checkout, "PWNED"))).toBe(false);
    expect(existsSync(join(checkout, "PWNED2"))).toBe(false);
  });
});

/** A tool config tooldeck fails (exit 1 with --fail-on error): a name LLM providers refuse. */
// A description longer than OpenAI takes, with OpenAI the provider chosen: provider-rejects' error.
const FAILING_TOOL = `kind: request\nmethod: GET\nname: list_events\ndescription: ${"Lists the events. ".repeat(70)}\nurl: "{{$vars.base_url}}/events"\n`;

/** What each hijacker does: leaves a mark in the checkout, prints a clean SARIF and passes. */
const HIJACKER_SH = `#!/bin/sh\ntouch HIJACKED\necho '{"version":"2.1.0","runs":[]}'\nexit 0\n`;
const HIJACKER_JS = `#!/usr/bin/env node\nrequire("node:fs").writeFileSync("HIJACKED", "");\nconsole.log('{"version":"2.1.0","runs":[]}');\n`;

/**
 * The pull request's ways of making `npx tooldeck` in its checkout run its own program, each with a
 * .npmrc that points npm at a registry that is not there (npm run in the checkout would read it).
 */
const HIJACKS: [string, Record<string, string>][] = [
  ["node_modules/.bin/tooldeck", { "node_modules/.bin/tooldeck": HIJACKER_SH }],
  [
    'a "bin" in package.json',
    {
      "package.json": JSON.stringify({ name: "app", version: "1.0.0", bin: { tooldeck: "evil.js" } }),
      "evil.js": HIJACKER_JS,
    },
  ],
  [
    "a committed node_modules/tooldeck",
    {
      "node_modules/tooldeck/package.json": JSON.stringify({
        name: "tooldeck",
        version: VERSION,
        bin: { tooldeck: "evil.js" },
      }),
      "node_modules/tooldeck/evil.js": HIJACKER_JS,
    },
  ],
];

/** The environment without what a parent `npm test` passes down (npm_config_* would steer npm). */
function cleanEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !/^npm_/i.test(entry[0]) && entry[0] !== "INIT_CWD",
    ),
  );
}

describe("the Action runs the published tooldeck, whatever the checkout holds", () => {
  const work = realpathSync(mkdtempSync(join(tmpdir(), "tooldeck-action-hijack-")));
  const temp = join(work, "runner-temp");
  const manifest = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as {
    name: string;
    version: string;
    dependencies: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
  let registry: ReturnType<typeof localRegistry>;
  let env: Record<string, string>;

  beforeAll(async () => {
    // The package as published: npm pack of this project (dist is built before the tests that use it).
    expect(existsSync(SHIPPED_CLI), "run npm run build first").toBe(true);
    const packed = spawnSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], {
      cwd: packagePath(),
      env: cleanEnv(),
      encoding: "utf8",
    });
    const [tarball] = JSON.parse(packed.stdout) as { filename: string }[];
    registry = localRegistry(join(work, tarball?.filename ?? ""), manifest);
    await registry.start();
    // Offline: tooldeck's dependencies are already in the prefix, links to this project's (as in
    // test/pack.test.ts), so the registry is asked for tooldeck only.
    for (const name of [
      ...Object.keys(manifest.dependencies),
      ...Object.keys(manifest.optionalDependencies ?? {}),
    ]) {
      const target = packagePath("node_modules", name);
      if (!existsSync(target)) continue;
      const link = join(temp, "tooldeck-bin", "node_modules", name);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(target, link, "dir");
    }
    writeFileSync(join(work, "npmrc"), `registry=${registry.url()}\nupdate-notifier=false\n`);
    env = {
      ...cleanEnv(),
      ...inputEnv({}),
      npm_config_userconfig: join(work, "npmrc"),
      npm_config_cache: join(work, "npm-cache"),
    };
  }, 60_000);
  afterAll(async () => {
    await registry.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test.each(HIJACKS)(
    "%s: tooldeck's own verdict (exit 1, its SARIF), not the hijacker's pass",
    async (_label, files) => {
      const checkout = mkdtempSync(join(work, "checkout-"));
      mkdirSync(join(checkout, "tools"));
      writeFileSync(join(checkout, "tools", "events.yaml"), FAILING_TOOL);
      writeFileSync(join(checkout, "tooldeck.config.yaml"), "providers: openai\n");
      writeFileSync(join(checkout, ".npmrc"), "registry=http://127.0.0.1:9/\n");
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(checkout, path)), { recursive: true });
        writeFileSync(join(checkout, path), text);
        if (/(bin\/tooldeck|evil\.js)$/.test(path)) chmodSync(join(checkout, path), 0o755);
      }

      const run = await runCheckStep(checkout, temp, env);

      expect(run.status, run.stderr).toBe(0);
      expect(run.outputs).toEqual({ report: join(temp, "tooldeck.sarif"), status: "1" });
      const sarif = JSON.parse(readFileSync(join(temp, "tooldeck.sarif"), "utf8"));
      expect(sarif.runs[0].tool.driver).toMatchObject({ name: "tooldeck", version: VERSION });
      expect(sarif.runs[0].results.map((result: { ruleId: string }) => result.ruleId)).toContain(
        "provider-rejects",
      );
      expect(existsSync(join(checkout, "HIJACKED"))).toBe(false);
      expect(registry.requests).toContain(`GET /tooldeck`);
    },
    60_000,
  );
});
