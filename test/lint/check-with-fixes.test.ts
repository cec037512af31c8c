import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadToolConfigs } from "../../src/config/load-tool-configs.js";
import { check } from "../../src/lint/check.js";
import { checkWithFixes } from "../../src/lint/check-with-fixes.js";

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
    const { report } = await checkWithFixes(
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
  });

  test("a run with nothing to fix runs once and says what it left alone", async () => {
    let runs = 0;
    let told: unknown[] | undefined;
    await checkWithFixes(
      async () => {
        runs++;
        return { report: { profile: "standard" as const, tools: [], diagnostics: [] } };
      },
      { onNotFixed: (skipped) => (told = skipped) },
    );
    expect(runs).toBe(1);
    expect(told).toEqual([]);
  });
});
