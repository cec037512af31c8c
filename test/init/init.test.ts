import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { packageVersion } from "../../src/package/package-version.js";
import { NOT_RECORDED } from "../../src/replay/run-scenario.js";
import { captureIo } from "../support/capture-io.js";

const GOLDEN = packagePath("fixtures", "golden", "init");

/** A repository: an empty one, or one holding the tutorial's Flowise chatflow in flows/. */
function repository(withFlowiseExport: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), "tooldeck-init-"));
  mkdirSync(join(dir, ".git"));
  if (withFlowiseExport) {
    mkdirSync(join(dir, "flows"));
    cpSync(
      packagePath("fixtures", "flowise", "requests-chatflow.json"),
      join(dir, "flows", "requests-chatflow.json"),
    );
  }
  return dir;
}

/** Every file under `dir` but the repository's own (.git, flows/), by path relative to it. */
function written(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (name === ".git" || name === "flows") continue;
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = readFileSync(path, "utf8");
    }
  };
  walk(dir);
  return files;
}

/** The golden files of a case, as `written` gives them, the version filled in. */
function golden(name: string): { files: Record<string, string>; stdout: string } {
  const folder = join(GOLDEN, name);
  const files: Record<string, string> = {};
  for (const [path, text] of Object.entries(written(folder)))
    if (path !== "stdout.txt")
      files[path.replace(/\.golden$/, "")] = text.replaceAll("{{version}}", packageVersion());
  return { files, stdout: readFileSync(join(folder, "stdout.txt"), "utf8") };
}

async function init(
  dir: string,
  args: string[] = [],
  io: Partial<CliIo> = {},
  env: Record<string, string> = { CI: "true" },
) {
  const captured = captureIo(undefined, env);
  const exit = await runCli(["init", dir, ...args], { ...captured.io, ...io });
  return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe("tooldeck init (golden files)", () => {
  test.each([
    ["an empty folder", false, "empty"],
    ["a folder with a Flowise export", true, "flowise"],
  ])("%s", async (_label, withExport, name) => {
    const dir = repository(withExport);
    const { exit, stdout, stderr } = await init(dir);
    const expected = golden(name);
    expect({ exit, stderr }).toEqual({ exit: 0, stderr: "" });
    expect(stdout).toBe(expected.stdout);
    expect(written(dir)).toEqual(expected.files);
  });

  test("the scenario it writes expects its call to succeed: Flowise's refusal of localhost fails it, and the settings it writes load", async () => {
    const dir = repository(true);
    await init(dir);
    const before = process.cwd();
    process.chdir(dir);
    try {
      const first = captureIo(undefined, {});
      expect(await runCli(["run"], first.io)).toBe(1);
      expect(first.stdout()).toContain(
        "calls[0] find_events: expected outcome ok, got error (no response): Failed to make GET request: isDeniedIP",
      );
      expect(first.stdout()).toContain(NOT_RECORDED);
      const replayed = captureIo(undefined, { CI: "true" });
      expect(await runCli(["run"], replayed.io)).toBe(1);
      expect(replayed.stdout()).toContain("no cassette: run tooldeck run --update locally");
      // tooldeck:flowise makes the chatflow's localhost URL an error: Flowise 3.1 refuses it.
      const lint = captureIo(undefined, {});
      expect(await runCli(["lint", "flows/"], lint.io)).toBe(1);
      expect(lint.stdout()).toContain("flowise-private-host");
      expect(lint.stdout()).toContain(
        "rules turned off by tooldeck:flowise (extended by tooldeck.config.yaml)",
      );
    } finally {
      process.chdir(before);
    }
  });
});

describe("tooldeck init says what it could not load", () => {
  test("a broken config is named with its first error, on a line of its own; the rest is found", async () => {
    const dir = repository(true);
    mkdirSync(join(dir, "tools"));
    writeFileSync(join(dir, "tools", "broken.yaml"), "kind: request\nname: x\nmethod: FETCH\n");
    const { stdout } = await init(dir);
    const lines = stdout.split("\n");
    expect(lines.slice(0, 2)).toEqual([
      "found 2 tool configs in 1 file",
      "  flows/requests-chatflow.json (a Flowise export)",
    ]);
    expect(lines[2]).toBe("could not load 1 file (left out):");
    expect(lines[3]).toMatch(/^ {2}tools\/broken\.yaml: .+$/);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(200);
  });
});

describe("tooldeck init asks little and overwrites nothing", () => {
  test("a file that exists is kept, and said so; --force rewrites it", async () => {
    const dir = repository(false);
    writeFileSync(join(dir, "tooldeck.config.yaml"), "rules: { probe: 'off' }\n");
    const { stdout } = await init(dir);
    expect(stdout).toContain("kept tooldeck.config.yaml: it exists (--force rewrites it)\n");
    expect(readFileSync(join(dir, "tooldeck.config.yaml"), "utf8")).toBe("rules: { probe: 'off' }\n");
    const forced = await init(dir, ["--force"]);
    expect(forced.stdout).toContain(
      "wrote tooldeck.config.yaml  (settings (extends tooldeck:recommended))\n",
    );
    expect(readFileSync(join(dir, "tooldeck.config.yaml"), "utf8")).toBe(
      golden("empty").files["tooldeck.config.yaml"],
    );
  });

  test("on a terminal it shows what it would write and asks once; no writes nothing", async () => {
    const dir = repository(true);
    const questions: string[] = [];
    const ask = async (question: string) => {
      questions.push(question);
      return "n";
    };
    const { exit, stdout } = await init(dir, [], { ask }, {});
    expect(exit).toBe(0);
    expect(questions).toEqual([
      "tooldeck init will write:\n  tooldeck.config.yaml  (settings (extends tooldeck:flowise))\n  scenarios/first-call.yaml  (a first scenario (find_events))\n  .github/workflows/tooldeck.yml  (CI: check and run --ci, SARIF to code scanning)\nWrite them? [Y/n] ",
    ]);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("nothing written");
    expect(written(dir)).toEqual({});
    const yes = await init(dir, [], { ask: async () => "" }, {});
    expect(yes.stdout).toContain("wrote tooldeck.config.yaml");
  });

  test("in CI, or with --yes, it asks nothing, even when it could", async () => {
    let asked = 0;
    const ask = async () => {
      asked++;
      return "n";
    };
    await init(repository(false), [], { ask }, { CI: "1" });
    await init(repository(false), ["--yes"], { ask }, {});
    expect(asked).toBe(0);
  });
});
