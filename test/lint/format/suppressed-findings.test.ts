import { describe, expect, test } from "vitest";
import { formatGithub } from "../../../src/lint/format/format-github.js";
import { formatJson } from "../../../src/lint/format/format-json.js";
import { formatJunit } from "../../../src/lint/format/format-junit.js";
import { formatSarif } from "../../../src/lint/format/format-sarif.js";
import { formatStylish } from "../../../src/lint/format/format-stylish.js";
import type { CheckReport } from "../../../src/lint/report.js";
import type { SuppressedDiagnostic } from "../../../src/lint/suppress/suppression.js";

const accepted = (
  tool: string,
  suppression: SuppressedDiagnostic["suppression"],
  file = "tools/t.yaml",
): SuppressedDiagnostic => ({
  code: "operation-not-found",
  severity: "error",
  tool,
  file,
  path: "[0].url",
  message: `${tool} misses`,
  suppression,
});

const report: CheckReport = {
  profile: "standard",
  tools: [{ name: "a", file: "tools/t.yaml", path: "[0]" }],
  diagnostics: [],
  suppressed: [
    accepted("a", { kind: "inline", by: "tools/t.yaml:3", line: 3, reason: "v2" }),
    accepted("b", { kind: "inline", by: "tools/t.yaml:9", line: 9 }),
    accepted(
      "c",
      { kind: "override", by: "tooldeck.config.yaml overrides[0]", reason: "flows" },
      "flows/x.json",
    ),
    accepted("d", { kind: "baseline", by: "b.json" }),
  ],
  baseline: { file: "b.json", hidden: 1, stale: 2 },
};

const LINES = [
  "suppressed: 2 by comments in tools/t.yaml, 1 by tooldeck.config.yaml overrides[0], 1 by the baseline b.json",
  "the baseline b.json has 2 entries that no finding matches (fixed or changed): --update-baseline drops them",
];

describe("suppressed findings in every format", () => {
  test("stylish: counted in the summary, said under it", () => {
    expect(formatStylish(report).trimEnd().split("\n").slice(-3)).toEqual([
      "✔ no problems in 1 tool; 4 suppressed (profile standard)",
      ...LINES,
    ]);
  });

  test("github: a notice each, before the summary", () => {
    expect(
      formatGithub(report, { readFile: () => undefined })
        .trimEnd()
        .split("\n"),
    ).toEqual([
      ...LINES.map((line) => `::notice::${line}`),
      "no problems in 1 tool; 4 suppressed (profile standard)",
    ]);
  });

  test("junit: counted in the summary", () => {
    expect(formatJunit(report)).toContain(
      '<property name="summary" value="no problems in 1 tool; 4 suppressed"/>',
    );
  });

  test("json: each listed with its suppression, and the baseline's counts", () => {
    const json = JSON.parse(formatJson(report));
    expect(json.diagnostics).toEqual([]);
    expect(json.suppressed.map((d: SuppressedDiagnostic) => [d.tool, d.suppression.kind])).toEqual([
      ["a", "inline"],
      ["b", "inline"],
      ["c", "override"],
      ["d", "baseline"],
    ]);
    expect(json.baseline).toEqual({ file: "b.json", hidden: 1, stale: 2 });
  });

  test("sarif: results with suppressions, in the source at the comment or external", () => {
    const sarif = JSON.parse(formatSarif(report, { rules: [], version: "1", readFile: () => undefined }));
    expect(sarif.runs[0].results.map((result: { suppressions: object[] }) => result.suppressions)).toEqual([
      [
        {
          kind: "inSource",
          status: "accepted",
          justification: "tools/t.yaml:3: v2",
          location: {
            physicalLocation: { artifactLocation: { uri: "tools/t.yaml" }, region: { startLine: 3 } },
          },
        },
      ],
      [
        {
          kind: "inSource",
          status: "accepted",
          justification: "tools/t.yaml:9",
          location: {
            physicalLocation: { artifactLocation: { uri: "tools/t.yaml" }, region: { startLine: 9 } },
          },
        },
      ],
      [{ kind: "external", status: "accepted", justification: "tooldeck.config.yaml overrides[0]: flows" }],
      [{ kind: "external", status: "accepted", justification: "in the baseline b.json" }],
    ]);
  });
});
