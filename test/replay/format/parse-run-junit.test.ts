import { describe, expect, test } from "vitest";
import { formatRunJunit } from "../../../src/replay/format/format-run-junit.js";
import { parseRunJunit } from "../../../src/replay/format/parse-run-junit.js";
import type { RunEntry } from "../../../src/replay/format/run-report.js";

const entries: RunEntry[] = [
  { file: "s/a & b.yaml", name: "passes [standard]", passed: true, lines: [], drift: [] },
  {
    file: "s/a & b.yaml",
    name: "drifts [flowise]",
    passed: true,
    lines: [],
    drift: ["drift: call 1 x: <PUT>"],
  },
  {
    file: "s/c.yaml",
    name: "1e3 [standard]",
    passed: false,
    lines: ["expected HTTP 404, got HTTP 200", 'output {"a":"two\nlines"}', "  - PUT /events"],
    drift: ["drift: call 1 update_event: PUT /events is not an operation"],
  },
  { file: "s/broken.yaml", name: "s/broken.yaml", passed: false, lines: ["model: required"] },
];

describe("parseRunJunit", () => {
  test("reads back what formatRunJunit wrote: files, names, reasons (a newline inside one kept), drift", () => {
    const read = parseRunJunit(formatRunJunit({ entries }));
    expect(read).toEqual(entries.map((entry) => ({ ...entry, drift: entry.drift ?? [] })));
    expect(formatRunJunit({ entries: read })).toBe(formatRunJunit({ entries }));
  });

  test.each([
    [
      '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY x "xxxx">]><testsuites/>',
      "a JUnit report with a DOCTYPE is not one tooldeck wrote",
    ],
    ["<testsuites></testsuites>", "not a JUnit report: no <testsuites><testsuite>"],
  ])("%s is refused", (text, message) => {
    expect(() => parseRunJunit(text)).toThrow(message);
  });
});
