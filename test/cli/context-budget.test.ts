import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../src/lint/diagnostic.js";
import { packagePath } from "../../src/package/package-root.js";
import { hostileProject } from "../support/hostile-project.js";
import { tooldeck, tooldeckIn } from "../support/run-tooldeck.js";

function tutorialProject(settings?: string): string {
  const dir = hostileProject(settings === undefined ? {} : { "tooldeck.config.yaml": settings });
  cpSync(packagePath("tools"), join(dir, "tools"), { recursive: true });
  return dir;
}

async function budgetFindings(dir: string, args: string[] = []) {
  const run = await tooldeckIn(dir, ["lint", "tools/request-tools.yaml", "--format", "json", ...args]);
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return {
    exit: run.exit,
    found: report.diagnostics
      .filter((d) => d.code === "context-budget")
      .map((d) => `${d.severity} ${d.tool}: ${d.message}`),
  };
}

const OVER_400 = (source: string) =>
  `error get_events: the 4 tool definitions of tools/request-tools.yaml cost 486 tokens, over the context budget of 400 (${source}): every request to its model overflows`;

describe("--context-budget and contextBudget", () => {
  test("the tutorial's tools fit the default budget", async () => {
    expect((await budgetFindings(tutorialProject())).found).toEqual([]);
  });

  test("--context-budget 400: the tutorial's 486 tokens of definitions overflow it", async () => {
    expect(await budgetFindings(tutorialProject(), ["--context-budget", "400"])).toEqual({
      exit: 1,
      found: [OVER_400("--context-budget")],
    });
    // The tokenizer's ranks take a second to build, many on a busy machine.
  }, 120_000);

  test("contextBudget in tooldeck.config.yaml, which the flag overrides", async () => {
    const dir = tutorialProject("contextBudget: 400\n");
    expect((await budgetFindings(dir)).found).toEqual([OVER_400("contextBudget in tooldeck.config.yaml")]);
    expect((await budgetFindings(dir, ["--context-budget", "128_000"])).found).toEqual([]);
  });

  test("the rule turned off: no finding", async () => {
    const dir = tutorialProject('contextBudget: 400\nrules: { context-budget: "off" }\n');
    expect((await budgetFindings(dir)).found).toEqual([]);
  });

  test.each(["0", "-5", "lots", "1e6"])("--context-budget %s: one line, exit 2", async (value) => {
    const run = await tooldeckIn(tutorialProject(), ["lint", "tools/", "--context-budget", value]);
    expect(run).toEqual({
      exit: 2,
      stdout: "",
      stderr: `tooldeck lint: --context-budget must be a positive whole number of tokens, got '${value}'\n`,
    });
  });

  test("contextBudget that is no positive whole number is refused where it is written", async () => {
    const dir = tutorialProject("contextBudget: -1\n");
    writeFileSync(join(dir, "tools", "extra.txt"), "");
    const run = await tooldeckIn(dir, ["lint", "tools/"]);
    expect(run.exit).toBe(2);
    expect(run.stderr).toMatch(/^tooldeck lint: tooldeck\.config\.yaml: contextBudget: .+\n$/);
  });

  test("check --help names the flag", async () => {
    expect((await tooldeck("check", "--help")).stdout).toContain("--context-budget N");
    expect((await tooldeck("lint", "--help")).stdout).toContain("--context-budget N");
  });
});
