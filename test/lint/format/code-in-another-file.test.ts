import { describe, expect, test } from "vitest";
import { foldSharedCauses } from "../../../src/lint/fold-shared-causes.js";
import { formatReport } from "../../../src/lint/format/format-report.js";
import type { CheckReport } from "../../../src/lint/report.js";

const ROOT = "/home/runner/work/app";
const FLOW = `${ROOT}/flows/sales.json`;
const EXPORT = `${ROOT}/flows/log_call-CustomTool.json`;

/** A flow's Custom Tool whose code its Tools-page export holds, and a finding in that code. */
const report: CheckReport = {
  profile: "flowise",
  tools: [{ name: "log_call", file: FLOW, path: "nodes[4].data.inputs", code: { file: EXPORT, path: "" } }],
  diagnostics: [
    {
      code: "operation-not-found",
      severity: "error",
      tool: "log_call",
      file: EXPORT,
      path: "func",
      message: "line 10: POST /contacts/:id/note is not an operation of CRM API",
    },
  ],
};

describe("a finding in a Custom Tool's code held by its export sits on its tool (issue 38)", () => {
  test("html: under the tool's heading, not among the export file's other findings", () => {
    const html = formatReport(report, "html", { root: ROOT });
    const finding = html.indexOf("is not an operation of CRM API");
    const before = html.slice(0, finding);
    expect(before.lastIndexOf('href="#tool-log_call"')).toBeGreaterThan(before.lastIndexOf("Other findings"));
  });

  test("junit: a failure of the tool's own test case", () => {
    const junit = formatReport(report, "junit", { root: ROOT });
    expect(junit).toMatch(/name="log_call">\s*<failure message="line 10: POST/);
  });

  test("json: the tool's code place and each folded tool's finding named from the project's root", () => {
    const shared = {
      code: "custom-tool-runtime-var",
      severity: "info" as const,
      path: "func",
      message: "reads $vars.key",
      cause: { id: "custom-tool-runtime-var:key", summary: "reads $vars.key" },
    };
    const folded: CheckReport = {
      ...report,
      diagnostics: foldSharedCauses([
        { ...shared, tool: "log_call", file: EXPORT },
        { ...shared, tool: "get_contact", file: FLOW },
      ]),
    };
    const json = JSON.parse(formatReport(folded, "json", { root: ROOT }));
    expect(json.tools[0].code).toEqual({ file: "flows/log_call-CustomTool.json", path: "" });
    expect(json.diagnostics.map((d: { file: string }) => d.file).sort()).toEqual([
      "flows/log_call-CustomTool.json",
      "flows/sales.json",
    ]);
  });
});
