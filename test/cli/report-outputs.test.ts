import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { packagePath } from "../../src/package/package-root.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeckIn } from "../support/run-tooldeck.js";

function projectWithTools(): string {
  const dir = hostileProject();
  cpSync(packagePath("tools"), join(dir, "tools"), { recursive: true });
  return dir;
}

describe("reports as ESLint, Playwright and vitest write them", () => {
  test("--format is repeatable with F=FILE: stylish on stdout, SARIF and HTML in files, in one run", async () => {
    const dir = projectWithTools();
    const run = await tooldeckIn(dir, [
      "lint",
      "tools/",
      "--format",
      "stylish",
      "--format",
      "sarif=reports/tooldeck.sarif",
      "--format",
      "html=report.html",
    ]);
    expect(run.exit).toBe(1);
    expect(run.stdout).toContain("✖ 3 problems (1 error, 2 warnings, 0 infos) in 9 tools");
    expect(run.stderr).toBe(
      "wrote the sarif report to reports/tooldeck.sarif\nwrote the html report to report.html\n",
    );
    expect(
      JSON.parse(readFileSync(join(dir, "reports", "tooldeck.sarif"), "utf8")).runs[0].results,
    ).toHaveLength(3);
    expect(readFileSync(join(dir, "report.html"), "utf8")).toMatch(/^<!doctype html>/i);
  });

  test("-o writes the stdout report to a file, and a second run replaces its own report", async () => {
    const dir = projectWithTools();
    expect((await tooldeckIn(dir, ["lint", "tools/", "--format", "json", "-o", "out.json"])).stdout).toBe("");
    const again = await tooldeckIn(dir, ["lint", "tools/", "--format", "json", "--output-file", "out.json"]);
    expect(again.stderr).toBe("wrote the json report to out.json\n");
    expect(JSON.parse(readFileSync(join(dir, "out.json"), "utf8")).summary).toContain("3 problems");
  });

  test("a file of the user's is refused, untouched, unless --force", async () => {
    const dir = projectWithTools();
    writeFileSync(join(dir, "notes.txt"), "my notes\n");
    const refused = await tooldeckIn(dir, ["lint", "tools/", "-o", "notes.txt"]);
    expect(refused.stderr).toBe(
      "tooldeck lint: notes.txt exists and is not a tooldeck report: give --force to replace it (tooldeck never overwrites a file you may have edited)\n",
    );
    expect(refused.exit).toBe(2);
    expect(readFileSync(join(dir, "notes.txt"), "utf8")).toBe("my notes\n");
    expect((await tooldeckIn(dir, ["lint", "tools/", "-o", "notes.txt", "--force"])).exit).toBe(1);
    expect(readFileSync(join(dir, "notes.txt"), "utf8")).toContain("in 9 tools");
  });

  test.each([
    [
      ["--format", "json", "--format", "sarif"],
      "--format json and sarif would both go to stdout: give all but one a file (--format json=report.json)",
    ],
    [
      ["--format", "jsn"],
      "--format must be one of stylish, json, sarif, junit, github, html, optionally =FILE; got 'jsn' (did you mean json?)",
    ],
    [
      ["--format", "json=a.json", "--format", "sarif=a.json"],
      "a.json is named for two reports: give each its own file",
    ],
    [
      ["--format", "json=a.json", "-o", "b.json"],
      "--output-file names the file of the report without one, and every --format has a file",
    ],
    [["--max-warnings", "-1"], "--max-warnings must be a whole number of warnings, got '-1'"],
  ])("%j: one line, exit 2, nothing written", async (args, message) => {
    const dir = projectWithTools();
    const run = await tooldeckIn(dir, ["lint", "tools/", ...args]);
    expect(run.stderr).toBe(`tooldeck lint: ${message}\n`);
    expect(run.exit).toBe(2);
    expect(existsSync(join(dir, "a.json"))).toBe(false);
  });

  test("--max-warnings fails a run whose warnings pass --fail-on, as ESLint's does", async () => {
    const dir = projectWithTools();
    const args = ["lint", "tools/", "--fail-on", "none"];
    expect((await tooldeckIn(dir, [...args, "--max-warnings", "2"])).exit).toBe(0);
    const over = await tooldeckIn(dir, [...args, "--max-warnings", "1"]);
    expect(over.exit).toBe(1);
    expect(over.stderr).toBe("2 warnings, more than --max-warnings 1\n");
  });

  test("--no-color leaves stdout unpainted even when FORCE_COLOR asks", async () => {
    const dir = projectWithTools();
    const painted = await tooldeckIn(dir, ["lint", "tools/"], { env: { FORCE_COLOR: "1" } });
    expect(painted.stdout).toContain("\u001b[");
    const plain = await tooldeckIn(dir, ["lint", "tools/", "--no-color"], { env: { FORCE_COLOR: "1" } });
    expect(plain.stdout).not.toContain("\u001b[");
  });
});
