import { describe, expect, test } from "vitest";
import { formatReport } from "../../../src/lint/format/format-report.js";
import type { CheckReport } from "../../../src/lint/report.js";

const ROOT = "/home/runner/work/app";

const report: CheckReport = {
  profile: "standard",
  tools: [{ name: "update_event", file: `${ROOT}/tools/x.yaml`, path: "[0]" }],
  diagnostics: [
    {
      code: "operation-not-found",
      severity: "error",
      tool: "update_event",
      file: `${ROOT}/tools/x.yaml`,
      path: "[0].url",
      message: `PUT /events is not an operation of ${ROOT}/api.yaml`,
    },
  ],
  suppressed: [
    {
      code: "tool-description",
      severity: "info",
      tool: "update_event",
      file: `${ROOT}/tools/x.yaml`,
      path: "[0].description",
      message: "generic",
      suppression: { kind: "baseline", by: `${ROOT}/tooldeck.baseline.json` },
    },
  ],
};

describe("formatReport with the project's root", () => {
  test("json names files from the root, and still reads them by the name they were loaded by", () => {
    const read: string[] = [];
    const json = JSON.parse(
      formatReport(report, "json", {
        root: ROOT,
        readFile: (file) => {
          read.push(file);
          return "- kind: request\n  url: x\n";
        },
      }),
    );
    expect(json.tools[0].file).toBe("tools/x.yaml");
    expect(json.diagnostics[0]).toMatchObject({
      file: "tools/x.yaml",
      line: 2,
      message: "PUT /events is not an operation of api.yaml",
    });
    expect(json.suppressed[0].suppression.by).toBe("tooldeck.baseline.json");
    expect(new Set(read)).toEqual(new Set([`${ROOT}/tools/x.yaml`]));
  });

  test("without a root, files are named as they were loaded", () => {
    expect(JSON.parse(formatReport(report, "json")).tools[0].file).toBe(`${ROOT}/tools/x.yaml`);
  });
});
