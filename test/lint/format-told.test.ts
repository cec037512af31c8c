import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  describeFormat,
  exampleInDescription,
  formatRule,
  isToldFormat,
  toldFormat,
} from "../../src/lint/format-told.js";
import { exampleArgs } from "../../src/lint/probe/example-args.js";
import type { SchemaObject } from "../../src/openapi/openapi-document.js";

const FORMATS = ["date-time", "date", "time", "email", "uuid", "uri", "url", "int8", "ipv4", "byte"];

/** Schemas that require something: a known or any format, a pattern, with or without an example. */
const requiringSchema: fc.Arbitrary<SchemaObject> = fc.record(
  {
    type: fc.constant("string"),
    format: fc.oneof(fc.constantFrom(...FORMATS), fc.string({ minLength: 1, maxLength: 12 })),
    pattern: fc.oneof(fc.constant("^\\d{4}-\\d{2}-\\d{2}T"), fc.string({ minLength: 1, maxLength: 12 })),
    example: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
  },
  { requiredKeys: ["type"] },
);

describe("what tells the LLM a format: one definition for the rule and its fix", () => {
  test("the words the fix writes are words the rule accepts, whatever the description was", () => {
    fc.assert(
      fc.property(requiringSchema, fc.option(fc.string({ maxLength: 30 })), (schema, description) => {
        const rule = formatRule(schema);
        fc.pre(rule !== undefined && (schema.format !== undefined || schema.pattern !== undefined));
        if (!rule) return;
        const fixed = describeFormat(description ?? undefined, "due", toldFormat(rule, schema));
        expect(isToldFormat(rule, fixed)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  test.each<[string, SchemaObject, string]>([
    [
      "a date, with the spec's example",
      { format: "date", example: "2024-07-15" },
      "an ISO 8601 date (e.g. 2024-07-15)",
    ],
    ["a date, without one", { format: "date" }, "an ISO 8601 date (e.g. 2024-07-15)"],
    [
      "a date-time",
      { format: "date-time", example: "2030-01-01T09:30:00Z" },
      "an ISO 8601 date-time (e.g. 2030-01-01T09:30:00Z)",
    ],
    ["a time", { format: "time" }, "an ISO 8601 time (e.g. 18:00:00)"],
    ["an email", { format: "email" }, "an email address (e.g. name@example.com)"],
    ["a format it does not know", { format: "int8" }, "in int8 format"],
    ["base64 (byte)", { format: "byte" }, "base64-encoded text (e.g. aGVsbG8=)"],
    ["a pattern", { pattern: "^[A-Z]{3}$", example: "LHR" }, "matching the pattern ^[A-Z]{3}$ (e.g. LHR)"],
  ])("%s: %j → %s", (_, schema, told) => {
    const rule = formatRule(schema);
    expect(rule && toldFormat(rule, schema)).toBe(told);
  });

  test("the issue's to-do field: told once, and then no more", () => {
    const schema = { type: "string", format: "date", example: "2024-07-15" };
    const rule = formatRule(schema);
    if (!rule) throw new Error("a date format is a rule");
    expect(isToldFormat(rule, "due when it is due")).toBe(false);
    const fixed = describeFormat("when it is due", "due", toldFormat(rule, schema));
    expect(fixed).toBe("when it is due, an ISO 8601 date (e.g. 2024-07-15)");
    expect(isToldFormat(rule, fixed)).toBe(true);
  });

  test.each([
    [undefined, "due", "due, an ISO 8601 date"],
    ["", "due", "due, an ISO 8601 date"],
    ["When it is due. ", "due", "When it is due, an ISO 8601 date"],
  ])("describeFormat(%j, %j)", (description, name, expected) => {
    expect(describeFormat(description, name, "an ISO 8601 date")).toBe(expected);
  });

  // Any value of their type satisfies them: nothing for the LLM to be told (OpenAPI's format registry).
  test.each(["int32", "int64", "float", "double", "password", "binary", "commonmark", "html"])(
    "%s requires nothing",
    (format) => {
      expect(formatRule({ type: "integer", format })).toBeUndefined();
    },
  );

  test("a pattern still requires something beside a format that does not", () => {
    expect(formatRule({ format: "int64", pattern: "^[0-9]{6}$" })?.label).toBe(
      "matching the pattern ^[0-9]{6}$",
    );
  });

  // Any value of their type satisfies them: nothing for the LLM to be told (OpenAPI's format registry).
  test.each(["int32", "int64", "float", "double", "password", "binary", "commonmark", "html"])(
    "%s requires nothing",
    (format) => {
      expect(formatRule({ type: "integer", format })).toBeUndefined();
    },
  );

  test("a pattern still requires something beside a format that does not", () => {
    expect(formatRule({ format: "int64", pattern: "^[0-9]{6}$" })?.label).toBe(
      "matching the pattern ^[0-9]{6}$",
    );
  });

  test("a name that is an own property of Object is no known format", () => {
    expect(formatRule({ format: "constructor" })?.label).toBe("in constructor format");
  });
});

describe("the example a description gives", () => {
  test.each([
    ["when it is due, an ISO 8601 date (e.g. 2024-07-15)", "2024-07-15"],
    ["a code (e.g. LHR) or (e.g. CDG)", "LHR"],
    ["Date of the event", undefined],
    ["(e.g. )", undefined],
  ])("%j → %j", (description, example) => {
    expect(exampleInDescription(description)).toBe(example);
  });

  test("a probe sends it, as a model told so would", () => {
    const schema = {
      type: "object",
      properties: {
        due: { type: "string", description: "when it is due, an ISO 8601 date (e.g. 2024-07-15)" },
        date: { type: "string", description: "Date of the event" },
      },
    };
    expect(exampleArgs(schema)).toEqual({ due: "2024-07-15", date: "2024-07-15T10:00:00Z" });
  });
});
