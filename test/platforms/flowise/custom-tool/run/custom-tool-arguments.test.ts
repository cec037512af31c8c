import { describe, expect, test } from "vitest";
import type { CustomToolSchemaRow } from "../../../../../src/platforms/flowise/custom-tool/custom-tool-row.js";
import { customToolArguments } from "../../../../../src/platforms/flowise/custom-tool/run/custom-tool-arguments.js";

const ROWS: CustomToolSchemaRow[] = [
  { property: "name", type: "string", required: true },
  { property: "count", type: "number" },
  { property: "flag", type: "boolean" },
  { property: "items", type: "array" },
];
const MISMATCH = "Received tool input did not match expected schema";

describe("a Custom Tool's arguments under the flowise profile (parseWithTypeConversion)", () => {
  const contract = customToolArguments(ROWS, "flowise");

  test.each([
    ["numbers and booleans to text", { name: 12 }, { name: "12" }],
    ["an object to JSON text", { name: { a: 1 } }, { name: '{"a":1}' }],
    ["text to a number by parseFloat", { name: "a", count: "3.5abc" }, { name: "a", count: 3.5 }],
    ["a boolean to a number", { name: "a", count: true }, { name: "a", count: 1 }],
    ["yes/NO to booleans", { name: "a", flag: "YES" }, { name: "a", flag: true }],
    ["a number to a boolean", { name: "a", flag: 0 }, { name: "a", flag: false }],
    ["unknown keys and dropped types stripped", { name: "a", other: 1, items: [1] }, { name: "a" }],
  ])("%s", (_, args, value) => {
    expect(contract.parse(args)).toEqual({ ok: true, value });
  });

  test.each([
    ["a missing required property", {}],
    ["an unparsable number", { name: "a", count: "abc" }],
    ["null for an optional property", { name: "a", count: null }],
    ["a word that is no boolean", { name: "a", flag: "maybe" }],
  ])("%s: the bare mismatch text", (_, args) => {
    expect(contract.parse(args)).toEqual({ ok: false, error: MISMATCH });
  });

  test("a date property can never be met: JSON has no Date", () => {
    const dated = customToolArguments([{ property: "when", type: "date", required: true }], "flowise");
    expect(dated.parse({ when: "2026-01-01T00:00:00Z" })).toEqual({ ok: false, error: MISMATCH });
  });
});

describe("a Custom Tool's arguments under the standard profile", () => {
  const contract = customToolArguments([...ROWS, { property: "when", type: "date" }], "standard");

  test("null means left out, a date is a date-time string, numeric text a number", () => {
    expect(contract.parse({ name: "a", count: "5", flag: null, when: "2026-01-01T00:00:00Z" })).toEqual({
      ok: true,
      value: { name: "a", count: 5, when: "2026-01-01T00:00:00Z" },
    });
  });

  test("the failure names the property and why", () => {
    expect(contract.parse({ count: "3.5abc", when: "tomorrow" })).toEqual({
      ok: false,
      error: `${MISMATCH}: name: name required; count: Expected number, received string; when: Invalid datetime`,
    });
  });
});
