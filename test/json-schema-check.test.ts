import { Validator } from "@langchain/core/utils/json_schema";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { AJV_OPTIONS } from "../src/ajv-options.js";
import type { RequestToolConfig } from "../src/config/request-tool-config.js";
import { compileSchemaCheck } from "../src/json-schema-check.js";
import { createRequestTool } from "../src/runtime/request/request-tool.js";
import { tutorialTools } from "./support/tutorial-tools.js";

/** A tool of every field type, required and not, and the free-form params and body of a bare tool. */
const EVERY_TYPE: RequestToolConfig[] = [
  {
    kind: "request",
    method: "PATCH",
    name: "typed",
    description: "every type",
    url: "http://api.test/items/:id",
    headers: {},
    queryParamsSchema: {
      id: { type: "integer", in: "path", required: true },
      q: { type: "number", in: "query" },
      on: { type: "boolean", in: "query" },
    },
    bodySchema: {
      name: { type: "string", required: true },
      count: { type: "integer", required: false },
      ratio: { type: "number", required: false },
      flag: { type: "boolean", required: false },
      tags: { type: "array", required: false },
      meta: { type: "object", required: false },
    },
  },
  { kind: "request", method: "GET", name: "bare_get", description: "d", url: "http://api.test", headers: {} },
  {
    kind: "request",
    method: "POST",
    name: "bare_post",
    description: "d",
    url: "http://api.test",
    headers: {},
  },
];

const SCHEMAS = (["standard", "flowise"] as const).flatMap((profile) =>
  [...tutorialTools("http://api.test/events"), ...EVERY_TYPE]
    .filter((config) => profile === "standard" || config.method !== "PATCH")
    .map((config) => ({
      name: `${profile} ${config.name}`,
      schema: createRequestTool(config, { profile }).inputSchema,
    })),
);

/** Values a schema allows, by its type and properties (required ones always there). */
function conforming(schema: unknown): fc.Arbitrary<unknown> {
  const {
    type,
    properties,
    required = [],
  } = schema as {
    type?: string;
    properties?: Record<string, unknown>;
    required?: string[];
  };
  if (properties) {
    const known = Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, conforming(sub)]));
    return fc.record(known, { requiredKeys: required });
  }
  if (type === "string") return fc.string();
  if (type === "integer") return fc.integer();
  if (type === "number") return fc.double({ noNaN: true, noDefaultInfinity: true });
  if (type === "boolean") return fc.boolean();
  if (type === "array") return fc.array(fc.jsonValue(), { maxLength: 3 });
  return fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 });
}

/** Values shaped like a schema's (its keys, near-miss types, extra keys), and anything at all. */
function shapedLike(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constantFrom("1", "true", "2.5"),
  );
  const properties = (schema as { properties?: Record<string, unknown> }).properties;
  if (!properties || depth > 3) return fc.oneof(leaf, fc.anything());
  const known = Object.fromEntries(
    Object.entries(properties).map(([key, sub]) => [key, shapedLike(sub, depth + 1)]),
  );
  return fc.oneof(
    fc.record(known, { requiredKeys: [] }),
    fc
      .tuple(fc.record(known, { requiredKeys: [] }), fc.dictionary(fc.string(), leaf, { maxKeys: 2 }))
      .map(([object, extra]) => ({ ...extra, ...object })),
    fc.anything(),
  );
}

describe("compileSchemaCheck", () => {
  test.each(SCHEMAS)("$name: passes only what LangChain's validator passes", ({ schema }) => {
    const check = compileSchemaCheck(schema);
    expect(check).toBeDefined();
    const validator = new Validator(schema as never);
    fc.assert(
      fc.property(fc.oneof(conforming(schema), shapedLike(schema)), (value) => {
        if (check?.(value)) expect(validator.validate(value as never).valid).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test.each([
    ["a get_events call", "standard get_events", { queryParams: { id: "1", limit: "2" } }],
    ["a create_event call", "flowise create_event", { body: { name: "a", date: "b", location: "c" } }],
    [
      "every type, as declared",
      "standard typed",
      { queryParams: { id: 3, q: 1.5, on: true }, body: { name: "n", tags: [1, "a"], meta: { a: 1 } } },
    ],
    ["free-form params", "flowise bare_get", { queryParams: { anything: "goes" } }],
    ["a free-form body", "standard bare_post", { body: { nested: { a: [1] } } }],
  ])("passes %s (the case it exists for)", (_, name, args) => {
    const { schema } = SCHEMAS.find((entry) => entry.name === name) ?? {};
    expect(new Validator(schema as never).validate(args).valid).toBe(true);
    expect(compileSchemaCheck(schema)?.(args)).toBe(true);
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
  ])("leaves a schema with %s to the validator (undefined)", (_, schema) => {
    expect(compileSchemaCheck(schema)).toBeUndefined();
  });

  test.each([
    ["undefined inside", { a: undefined }],
    ["NaN", { a: Number.NaN }],
    ["a function", { a: () => 1 }],
  ])("fails %s, which the validator throws on or judges otherwise", (_, value) => {
    const check = compileSchemaCheck({ type: "object", properties: { a: {} } });
    expect(check?.(value)).toBe(false);
  });

  test("leaves a schema inside itself to the validator", () => {
    const node: Record<string, unknown> = { type: "object" };
    node.properties = { child: node };
    expect(compileSchemaCheck(node)).toBeUndefined();
    expect(compileSchemaCheck(node, "ajv")).toBeUndefined();
  });

  test("for ajv, $schema makes it unsure (ajv refuses a dialect it was not given)", () => {
    const schema = { $schema: "http://json-schema.org/draft-07/schema#", type: "string" };
    expect(compileSchemaCheck(schema)?.("a")).toBe(true);
    expect(compileSchemaCheck(schema, "ajv")).toBeUndefined();
  });

  test("counts a string's length in code points, as both libraries do", () => {
    const check = compileSchemaCheck({ type: "string", minLength: 2, maxLength: 2 }, "ajv");
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

describe("compileSchemaCheck for ajv", () => {
  const draft7 = addFormats.default(new Ajv({ ...AJV_OPTIONS, allErrors: false }));
  const arguments2020 = addFormats.default(
    new Ajv2020({ ...AJV_OPTIONS, coerceTypes: "array", allErrors: true }),
  );

  test("passes only what ajv passes (draft-07, and 2020-12 coercing arguments), changing nothing", () => {
    let passed = 0;
    fc.assert(
      fc.property(anySchema, fc.array(nearValue, { minLength: 1, maxLength: 8 }), (schema, values) => {
        const check = compileSchemaCheck(schema, "ajv");
        if (!check) return;
        const strict = draft7.compile(schema as object);
        const coercing = arguments2020.compile(schema as object);
        const cfworker = new Validator(schema as never, "2019-09", false);
        for (const value of values) {
          if (!check(value)) continue;
          passed++;
          const before = JSON.stringify(value);
          expect(strict(value)).toBe(true);
          expect(coercing(value)).toBe(true);
          expect(JSON.stringify(value)).toBe(before);
          expect(cfworker.validate(value as never).valid).toBe(true);
        }
      }),
      { numRuns: 3_000 },
    );
    // The property is not empty: many values pass.
    expect(passed).toBeGreaterThan(500);
  });
});
