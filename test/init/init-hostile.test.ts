import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { packageVersion } from "../../src/package/package-version.js";
import { captureIo } from "../support/capture-io.js";

/**
 * `tooldeck init` run on a repository an attacker shaped: folder names that are shell, symlinks out of
 * it, its own tooldeck in node_modules. The workflow it writes must run the published tooldeck on the
 * paths as named, and init must write nothing outside the repository.
 */

const TOOL =
  'kind: request\nmethod: GET\nname: list_events\ndescription: Use this to list the events\nurl: "{{$vars.base_url}}/events"\n';

function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-init-hostile-"));
  mkdirSync(join(dir, ".git"));
  return dir;
}

async function init(dir: string, args: string[] = []) {
  const captured = captureIo(undefined, { CI: "true" });
  const exit = await runCli(["init", dir, ...args], captured.io);
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

interface WorkflowStep {
  name?: string;
  run?: string;
}

function workflowSteps(dir: string): WorkflowStep[] {
  const workflow = parse(readFileSync(join(dir, ".github", "workflows", "tooldeck.yml"), "utf8")) as {
    jobs: { tooldeck: { steps: WorkflowStep[] } };
  };
  return workflow.jobs.tooldeck.steps;
}

/**
 * Runs each `run:` step of the written workflow as the runner does (bash -e, in the checkout), with an
 * npm that records its arguments and folder and installs a tooldeck that records its own.
 */
function runWorkflow(dir: string) {
  const temp = mkdtempSync(join(tmpdir(), "tooldeck-init-runner-"));
  const bin = join(temp, "bin");
  mkdirSync(bin);
  writeFileSync(
    join(bin, "npm"),
    `#!/bin/sh
pwd > "$RUNNER_TEMP/npm-cwd"
for a in "$@"; do printf '%s\\n' "$a"; done > "$RUNNER_TEMP/npm-argv"
mkdir -p "$RUNNER_TEMP/tooldeck/node_modules/.bin"
printf '#!/bin/sh\\nfor a in "$@"; do printf "%%s\\\\n" "$a"; done >> "$RUNNER_TEMP/tooldeck-argv"; echo --- >> "$RUNNER_TEMP/tooldeck-argv"\\n' > "$RUNNER_TEMP/tooldeck/node_modules/.bin/tooldeck"
chmod +x "$RUNNER_TEMP/tooldeck/node_modules/.bin/tooldeck"
`,
  );
  chmodSync(join(bin, "npm"), 0o755);
  for (const step of workflowSteps(dir)) {
    if (step.run === undefined) continue;
    const ran = spawnSync("bash", ["--noprofile", "--norc", "-e", "-c", step.run], {
      cwd: dir,
      env: { PATH: `${bin}:${process.env.PATH}`, RUNNER_TEMP: temp },
      encoding: "utf8",
    });
    expect(ran.status, `${step.name}: ${ran.stderr}`).toBe(0);
  }
  const lines = (file: string) => readFileSync(join(temp, file), "utf8").trimEnd().split("\n");
  return { temp, npm: lines("npm-argv"), npmCwd: lines("npm-cwd")[0], tooldeck: lines("tooldeck-argv") };
}

describe("the workflow init writes runs the published tooldeck, by path", () => {
  test("a repository with a package.json and its own node_modules/.bin/tooldeck: installed outside the checkout all the same", async () => {
    const dir = repository();
    mkdirSync(join(dir, "tools"));
    writeFileSync(join(dir, "tools", "events.yaml"), TOOL);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", bin: { tooldeck: "evil.js" } }));
    mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
    writeFileSync(join(dir, "node_modules", ".bin", "tooldeck"), "#!/bin/sh\ntouch HIJACKED\n");
    chmodSync(join(dir, "node_modules", ".bin", "tooldeck"), 0o755);
    expect((await init(dir)).exit).toBe(0);

    const text = readFileSync(join(dir, ".github", "workflows", "tooldeck.yml"), "utf8");
    expect(text).not.toContain("npx");
    expect(text).not.toContain("npm ci");
    const run = runWorkflow(dir);
    expect(run.npm).toEqual([
      "install",
      "--prefix",
      join(run.temp, "tooldeck"),
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      `tooldeck@${packageVersion()}`,
    ]);
    expect(run.npmCwd).toBe(run.temp);
    expect(run.tooldeck).toEqual(["check", "tools/", "--format", "sarif", "---", "run", "--ci", "---"]);
    expect(existsSync(join(dir, "HIJACKED"))).toBe(false);
  });

  test("a folder named tools$(touch pwned) and a spec named with quotes are values in the run: line, never commands", async () => {
    const dir = repository();
    const folder = "tools$(touch pwned)";
    const spec = `it's "$(touch pwned2)".yaml`;
    mkdirSync(join(dir, folder));
    writeFileSync(join(dir, folder, "events.yaml"), TOOL);
    cpSync(packagePath("tools", "event-api.openapi.yaml"), join(dir, spec));
    expect((await init(dir)).exit).toBe(0);

    const check = workflowSteps(dir).find((step) => step.name === "Check the tools");
    expect(check?.run).toBe(
      `"$RUNNER_TEMP/tooldeck/node_modules/.bin/tooldeck" check 'tools$(touch pwned)/' --spec 'it'\\''s "$(touch pwned2)".yaml' --format sarif > tooldeck.sarif\n`,
    );
    const run = runWorkflow(dir);
    expect(run.tooldeck.slice(0, 4)).toEqual(["check", `${folder}/`, "--spec", spec]);
    expect(readdirSync(dir).filter((name) => name.startsWith("pwned"))).toEqual([]);
  });

  test("a folder whose name GitHub Actions would evaluate (an expression) is refused, and nothing is written", async () => {
    const dir = repository();
    const folder = `tools\${{ github.event.pull_request.title }}`;
    mkdirSync(join(dir, folder));
    writeFileSync(join(dir, folder, "events.yaml"), TOOL);
    const { exit, stderr } = await init(dir);
    expect(exit).toBe(2);
    expect(stderr).toBe(
      `tooldeck init: cannot name ${folder}/ in the workflow's run: line (a line break, control character or \${{ in it would be read as workflow text); rename it\n`,
    );
    expect(readdirSync(dir).sort()).toEqual([".git", folder]);
  });
});

describe("init writes nothing outside the repository through a symlink", () => {
  test.each([".github", ".github/workflows", "scenarios"])(
    "%s as a symlink to a folder outside: refused in one line, nothing written there or here",
    async (linked) => {
      const dir = repository();
      const outside = mkdtempSync(join(tmpdir(), "tooldeck-init-outside-"));
      mkdirSync(join(dir, "flows"));
      cpSync(
        packagePath("fixtures", "flowise", "requests-chatflow.json"),
        join(dir, "flows", "requests-chatflow.json"),
      );
      mkdirSync(join(dir, linked, ".."), { recursive: true });
      symlinkSync(outside, join(dir, linked), "dir");

      const { exit, stdout, stderr } = await init(dir, ["--force"]);

      expect(exit).toBe(2);
      expect(stderr).toBe(
        `tooldeck init: ${linked} is a symlink to ${outside} outside ${dir}; init writes only inside the folder it sets up\n`,
      );
      expect(stdout).not.toContain("wrote");
      expect(readdirSync(outside)).toEqual([]);
      expect(existsSync(join(dir, "tooldeck.config.yaml"))).toBe(false);
    },
  );

  test("a symlink that stays inside the repository is followed", async () => {
    const dir = repository();
    mkdirSync(join(dir, "ci"));
    symlinkSync(join(dir, "ci"), join(dir, ".github"), "dir");
    expect((await init(dir)).exit).toBe(0);
    expect(existsSync(join(dir, "ci", "workflows", "tooldeck.yml"))).toBe(true);
  });
});
