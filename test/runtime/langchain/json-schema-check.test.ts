import { Validator } from "@langchain/core/utils/json_schema";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../../src/config/request-tool-config.js";
import { compileSchemaCheck } from "../../../src/runtime/langchain/json-schema-check.js";
import { createRequestTool } from "../../../src/runtime/request/request-tool.js";
import { tutorialTools } from "../../support/tutorial-tools.js";

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
    ["an enum deep inside", { type: "object", properties: { a: { enum: ["x"] } } }],
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
});
