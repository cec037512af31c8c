import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { AJV_OPTIONS } from "../../src/json/ajv-options.js";
import { compileSchemaCheck } from "../../src/json/json-schema-check.js";

const strictAjv = addFormats.default(new Ajv({ ...AJV_OPTIONS, allErrors: false }));

/** The event API's body and answer schemas, as the spec emulator and the probe judge prepare them. */
const EVENT_BODY = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 1, description: "Name of the event" },
    date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?Z?$" },
    location: { type: "string", minLength: 1 },
  },
  required: ["name", "date", "location"],
  "x-example": { name: "Launch" },
};
const EVENTS = {
  type: "array",
  items: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
};

describe("compileSchemaCheck", () => {
  test.each([
    ["an event body", EVENT_BODY, { name: "Launch", date: "2024-07-15T10:00:00Z", location: "Berlin" }],
    ["a list of events", EVENTS, [{ id: "1", name: "a" }, { id: "2" }]],
    ["an integer", { type: "integer", minimum: 1, maximum: 5 }, 3],
    ["a nullable type list", { type: ["string", "null"] }, null],
  ])("passes %s, as ajv does (the case it exists for)", (_, schema, value) => {
    expect(strictAjv.validate(schema, value)).toBe(true);
    expect(compileSchemaCheck(schema)?.(value)).toBe(true);
  });

  test.each([
    ["an event body without its date", EVENT_BODY, { name: "Launch", location: "Berlin" }],
    ["a date-only date", EVENT_BODY, { name: "Launch", date: "2024-07-15", location: "Berlin" }],
    ["an item without its id", EVENTS, [{ name: "a" }]],
    ["a fraction for an integer", { type: "integer" }, 2.5],
  ])("fails %s, leaving it to ajv", (_, schema, value) => {
    expect(strictAjv.validate(schema, value)).toBe(false);
    expect(compileSchemaCheck(schema)?.(value)).toBe(false);
  });

  test.each([
    ["a format", { type: "string", format: "email" }],
    ["a $ref", { $ref: "#/definitions/x" }],
    ["anyOf", { anyOf: [{ type: "string" }] }],
    ["an enum of objects deep inside", { type: "object", properties: { a: { enum: [{ x: 1 }] } } }],
    ["an invalid pattern", { type: "string", pattern: "(" }],
    ["a negative minLength", { type: "string", minLength: -1 }],
    ["a required list of numbers", { type: "object", required: [1] }],
    ["nullable (ajv knows it, the other does not)", { type: "string", nullable: true }],
    ["a tuple of items", { type: "array", items: [{ type: "string" }] }],
  ])("leaves a schema with %s to ajv (undefined)", (_, schema) => {
    expect(compileSchemaCheck(schema)).toBeUndefined();
  });

  test.each([
    ["undefined inside", { a: undefined }],
    ["NaN", { a: Number.NaN }],
    ["a function", { a: () => 1 }],
  ])("fails %s, which ajv judges otherwise", (_, value) => {
    const check = compileSchemaCheck({ type: "object", properties: { a: {} } });
    expect(check?.(value)).toBe(false);
  });

  test("leaves a schema inside itself to ajv", () => {
    const node: Record<string, unknown> = { type: "object" };
    node.properties = { child: node };
    expect(compileSchemaCheck(node)).toBeUndefined();
  });

  test("$schema makes it unsure (ajv refuses a dialect it was not given)", () => {
    expect(
      compileSchemaCheck({ $schema: "http://json-schema.org/draft-07/schema#", type: "string" }),
    ).toBeUndefined();
  });

  test("counts a string's length in code points, as ajv does", () => {
    const check = compileSchemaCheck({ type: "string", minLength: 2, maxLength: 2 });
    expect(check?.("😀")).toBe(false);
    expect(check?.("😀a")).toBe(true);
    expect(check?.("\ud800a")).toBe(true);
  });
});

/** Schemas of the keywords the check knows, nested, with annotations and a few it does not know. */
const anySchema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.boolean(),
    fc.record(
      {
        type: fc.oneof(
          fc.constantFrom("string", "number", "integer", "boolean", "null", "array", "object"),
          fc.uniqueArray(fc.constantFrom("string", "integer", "null", "object"), {
            minLength: 1,
            maxLength: 3,
          }),
        ),
        properties: fc.dictionary(fc.constantFrom("a", "b", "c", "__proto__", "constructor"), tie("schema"), {
          maxKeys: 3,
        }),
        required: fc.uniqueArray(fc.constantFrom("a", "b", "c"), { maxLength: 2 }),
        additionalProperties: tie("schema"),
        items: tie("schema"),
        minimum: fc.integer({ min: -5, max: 5 }),
        maximum: fc.integer({ min: -5, max: 5 }),
        minLength: fc.nat(3),
        maxLength: fc.nat(3),
        pattern: fc.constantFrom("^a", "b$", "^\\d+$", "\\p{L}", "."),
        enum: fc.array(fc.oneof(fc.constantFrom("a", "b", 1, 2.5, true, null), fc.string({ maxLength: 2 })), {
          minLength: 1,
          maxLength: 3,
        }),
        description: fc.string(),
        default: fc.jsonValue(),
        "x-extra": fc.jsonValue(),
        format: fc.constantFrom("email", "date-time"),
        const: fc.constantFrom("a", 1),
      },
      { requiredKeys: [] },
    ),
  ),
})).schema;

/** Values near a schema's: its property names, plain values of each type, code-point-heavy strings. */
const nearValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("a", "b", "ab", "1", "😀", "😀a", "\ud800", "", 0, 1, 2.5, -3, true, false, null),
    fc.string({ maxLength: 4 }),
    fc.integer({ min: -6, max: 6 }),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "b", "c", "d", "__proto__"), tie("value"), { maxKeys: 3 }),
  ),
})).value;

describe("compileSchemaCheck against ajv", () => {
  const arguments2020 = addFormats.default(
    new Ajv2020({ ...AJV_OPTIONS, coerceTypes: "array", allErrors: true }),
  );

  test("passes only what ajv passes (draft-07, and 2020-12 coercing arguments), changing nothing", () => {
    let passed = 0;
    fc.assert(
      fc.property(anySchema, fc.array(nearValue, { minLength: 1, maxLength: 8 }), (schema, values) => {
        const check = compileSchemaCheck(schema);
        if (!check) return;
        const strict = strictAjv.compile(schema as object);
        const coercing = arguments2020.compile(schema as object);
        for (const value of values) {
          if (!check(value)) continue;
          passed++;
          const before = JSON.stringify(value);
          expect(strict(value)).toBe(true);
          expect(coercing(value)).toBe(true);
          expect(JSON.stringify(value)).toBe(before);
        }
      }),
      { numRuns: 3_000 },
    );
    // The property is not empty: many values pass.
    expect(passed).toBeGreaterThan(500);
  });
});
