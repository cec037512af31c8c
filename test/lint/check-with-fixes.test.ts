import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { check } from "../../src/lint/check.js";
import { checkWithFixes, describeFixSummary } from "../../src/lint/check-with-fixes.js";
import type { Diagnostic } from "../../src/lint/diagnostic.js";
import { MAX_FIX_PASSES } from "../../src/lint/fix-passes.js";
import type { CheckReport } from "../../src/lint/report.js";

const CONFIG = `# the team's search tool
kind: request
method: GET
name: search_events
description: Use this to search events
url: https://api.example.com/events
queryParamsSchema:
  q: { type: string, description: Words to look for }
`;

describe("checkWithFixes: check --fix for a library", () => {
  test("fixes the config file, keeps its comment, and checks again until nothing is left to fix", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tooldeck-fix-")), "search.yaml");
    writeFileSync(file, CONFIG);
    let runs = 0;
    const fixed: string[] = [];
    const { report, fix } = await checkWithFixes(
      async () => {
        runs++;
        return {
          report: await check(loadToolConfigs([file], { roots: [join(file, "..")] }), {
            profile: "standard",
          }),
        };
      },
      { onFixed: (files) => fixed.push(...files.flatMap((f) => f.fixes)) },
    );
    expect(readFileSync(file, "utf8")).toContain("# the team's search tool");
    expect(readFileSync(file, "utf8")).toMatch(/in: query/);
    expect(fixed).toEqual(['search_events: set "in": "query"']);
    expect(report.diagnostics.map((d) => d.code)).not.toContain("param-without-in");
    expect(runs).toBe(2);
    expect(fix).toEqual({ findings: 1, files: 1, passes: 1, unsettled: [] });
    expect(describeFixSummary(fix)).toEqual(["fixed 1 finding in 1 file (1 pass)"]);
  });

  test("fixes that keep coming stop at the pass limit, which says so and names what still offers a fix", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tooldeck-fix-")), "t.yaml");
    writeFileSync(file, "kind: request\nname: t\ndescription: v0\n");
    let runs = 0;
    // A finding whose fix never satisfies it: each run asks for the next description.
    const run = async () => {
      runs++;
      const diagnostic: Diagnostic = {
        code: "restless",
        severity: "warning",
        tool: "t",
        file,
        path: "description",
        message: "never content",
        fix: {
          description: `say v${runs}`,
          changes: [{ path: "description", value: `v${runs}` }],
          configPath: "",
        },
      };
      const report: CheckReport = { profile: "standard", tools: [], diagnostics: [diagnostic] };
      return { report };
    };
    let done: unknown;
    const { fix } = await checkWithFixes(run, { onDone: (summary) => (done = summary) });
    expect(runs).toBe(MAX_FIX_PASSES + 1);
    expect(readFileSync(file, "utf8")).toBe(`kind: request\nname: t\ndescription: v${MAX_FIX_PASSES}\n`);
    expect(done).toBe(fix);
    expect(fix.unsettled.map((d) => d.fix?.description)).toEqual([`say v${MAX_FIX_PASSES + 1}`]);
    expect(describeFixSummary(fix)).toEqual([
      "fixed 5 findings in 1 file (5 passes), and stopped at the limit of 5 passes: these findings still offer fixes",
      `  ${file}: t: restless at description: say v6`,
    ]);
  });

  test("a run with nothing to fix runs once and says what it left alone", async () => {
    let runs = 0;
    let told: unknown[] | undefined;
    const { fix } = await checkWithFixes(
      async () => {
        runs++;
        return { report: { profile: "standard" as const, tools: [], diagnostics: [] } };
      },
      { onNotFixed: (skipped) => (told = skipped) },
    );
    expect(runs).toBe(1);
    expect(told).toEqual([]);
    expect(describeFixSummary(fix)).toEqual(["fixed 0 findings in 0 files (0 passes)"]);
  });
});
