import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../../src/lint/diagnostic.js";
import type { CheckReport } from "../../../src/lint/report.js";
import {
  applyBaseline,
  baselineOf,
  formatBaseline,
  parseBaseline,
} from "../../../src/lint/suppress/baseline.js";

const at = { file: "tooldeck.baseline.json", dir: "/repo", cwd: "/repo" };
const finding = (code: string, tool: string, path: string, file = "tools/t.yaml"): Diagnostic => ({
  code,
  severity: "error",
  tool,
  file,
  path,
  message: `${tool} ${code}`,
});
const report = (diagnostics: Diagnostic[]): CheckReport => ({ profile: "standard", tools: [], diagnostics });

const OLD = [
  finding("operation-not-found", "update_event", "[2].url"),
  finding("probe", "update_event", "[2]"),
];

/** The baseline written for OLD, read back as a file would be. */
const entries = parseBaseline(formatBaseline(baselineOf(report(OLD), at)), at.file);

describe("baseline round trip", () => {
  test("what was accepted passes; its messages may change", () => {
    const again = OLD.map((d) => ({ ...d, message: "reworded" }));
    const result = applyBaseline(report(again), entries, at);
    expect(result.diagnostics).toEqual([]);
    expect(result.suppressed?.map((d) => d.suppression)).toEqual([
      { kind: "baseline", by: "tooldeck.baseline.json" },
      { kind: "baseline", by: "tooldeck.baseline.json" },
    ]);
    expect(result.baseline).toEqual({ file: "tooldeck.baseline.json", hidden: 2, stale: 0 });
  });

  test("a new finding still counts", () => {
    const added = finding("tool-description", "update_event", "[2].description");
    const result = applyBaseline(report([...OLD, added]), entries, at);
    expect(result.diagnostics).toEqual([added]);
  });

  test("a second finding with the same fingerprint is new: each entry accepts one", () => {
    const twice = [...OLD, { ...(OLD[1] as Diagnostic) }];
    expect(applyBaseline(report(twice), entries, at).diagnostics).toHaveLength(1);
  });

  test("moved lines, a tool added above, another spelling of the path: still accepted", () => {
    const shifted = OLD.map((d) => ({ ...d, file: "./tools/t.yaml", path: d.path.replace("[2]", "[3]") }));
    expect(applyBaseline(report(shifted), entries, at).diagnostics).toEqual([]);
    const fromSub = OLD.map((d) => ({ ...d, file: "../tools/t.yaml" }));
    expect(applyBaseline(report(fromSub), entries, { ...at, cwd: "/repo/sub" }).diagnostics).toEqual([]);
  });

  test("another tool, rule or key is not the same finding", () => {
    const others = [
      finding("operation-not-found", "delete_event", "[2].url"),
      finding("body-fields", "update_event", "[2].url"),
      finding("operation-not-found", "update_event", "[2].method"),
    ];
    expect(applyBaseline(report(others), entries, at).diagnostics).toEqual(others);
  });

  test("a fixed finding leaves a stale entry, which the report counts", () => {
    const result = applyBaseline(report([OLD[0] as Diagnostic]), entries, at);
    expect(result.baseline).toEqual({ file: "tooldeck.baseline.json", hidden: 1, stale: 1 });
  });

  test("a config that cannot be loaded is never accepted", () => {
    const broken = finding("config-invalid", "", "");
    expect(baselineOf(report([broken]), at)).toEqual([]);
    const planted = [{ rule: "config-invalid", file: "tools/t.yaml", tool: "", path: "" }];
    expect(applyBaseline(report([broken]), planted, at).diagnostics).toEqual([broken]);
  });

  test("the file: stable order, files relative to its folder, no messages", () => {
    const text = formatBaseline(
      baselineOf(report([finding("probe", "b", "[1]", "/repo/tools/z.yaml"), ...OLD]), at),
    );
    expect(JSON.parse(text)).toEqual({
      version: 1,
      findings: [
        { rule: "operation-not-found", file: "tools/t.yaml", tool: "update_event", path: "[2].url" },
        { rule: "probe", file: "tools/t.yaml", tool: "update_event", path: "[2]" },
        { rule: "probe", file: "tools/z.yaml", tool: "b", path: "[1]" },
      ],
    });
  });

  test.each([
    ["not JSON", "findings: []", /^tooldeck\.baseline\.json: invalid JSON/],
    ["another shape", '{"version":2,"findings":[]}', /^tooldeck\.baseline\.json: version: /],
    [
      "an entry with more keys",
      '{"version":1,"findings":[{"rule":"a","file":"b","tool":"c","path":"","x":1}]}',
      /Unrecognized key: "x"/,
    ],
  ])("a baseline that is %s is a load error naming it", (_label, text, message) => {
    expect(() => parseBaseline(text, "tooldeck.baseline.json")).toThrow(message);
  });
});
