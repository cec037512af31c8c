import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../../src/lint/diagnostic.js";
import { formatJson } from "../../../src/lint/format/format-json.js";
import { formatSarif } from "../../../src/lint/format/format-sarif.js";
import { formatStylish, SIMILAR_FINDINGS_SHOWN } from "../../../src/lint/format/format-stylish.js";
import type { CheckReport } from "../../../src/lint/report.js";

/** `count` tools in one file, each with a field-types warning; the first two also with an error. */
function bigReport(count: number): CheckReport {
  const names = Array.from({ length: count }, (_, i) => `tool_${i}`);
  const finding = (tool: string, i: number, code: string, severity: Diagnostic["severity"]): Diagnostic => ({
    code,
    severity,
    tool,
    file: "tools/big.yaml",
    path: `[${i}].bodySchema.title.type`,
    message: `${code} on ${tool}`,
  });
  return {
    profile: "standard",
    tools: names.map((name, i) => ({ name, file: "tools/big.yaml", path: `[${i}]` })),
    diagnostics: [
      ...names.map((name, i) => finding(name, i, "field-types", "warning")),
      ...names.slice(0, 2).map((name, i) => finding(name, i, "operation-not-found", "error")),
    ],
  };
}

const findingLines = (text: string) =>
  text.split("\n").filter((line) => /^ {4}(error|warning|info) /.test(line));

describe("stylish groups findings like one another (one rule, one severity) past a screenful", () => {
  test("the first ones in full, then how many more, and the summary still counts every one", () => {
    const text = formatStylish(bigReport(3_822));
    expect(findingLines(text).filter((line) => line.includes("field-types"))).toHaveLength(
      SIMILAR_FINDINGS_SHOWN,
    );
    expect(text).toContain(
      [
        "  tool_9",
        "    warning field-types on tool_9  field-types",
        "            at [9].bodySchema.title.type",
        "    … and 3,812 more like this  field-types",
        "  tool_10",
        "  tool_11",
      ].join("\n"),
    );
    expect(text.match(/more like this/g)).toHaveLength(1);
    expect(findingLines(text).filter((line) => line.includes("operation-not-found"))).toHaveLength(2);
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      "✖ 3824 problems (2 errors, 3822 warnings, 0 infos) in 3822 tools (profile standard)",
    );
  });

  test("up to a screenful, nothing is grouped", () => {
    const text = formatStylish(bigReport(SIMILAR_FINDINGS_SHOWN));
    expect(findingLines(text)).toHaveLength(SIMILAR_FINDINGS_SHOWN + 2);
    expect(text).not.toContain("more like this");
  });

  test("json and sarif keep every finding", () => {
    const report = bigReport(50);
    expect(JSON.parse(formatJson(report)).diagnostics).toHaveLength(52);
    expect(
      JSON.parse(formatSarif(report, { rules: [], version: "0", readFile: () => undefined })).runs[0].results,
    ).toHaveLength(52);
  });
});
