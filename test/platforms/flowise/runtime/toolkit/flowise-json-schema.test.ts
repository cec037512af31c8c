import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { describe, expect, test } from "vitest";
import { loadSpec } from "../../../../../src/openapi/load-spec.js";
import { createOperationIndex, type IndexedOperation } from "../../../../../src/openapi/operation-index.js";
import { packagePath } from "../../../../../src/package/package-root.js";
import { flowiseInputTree } from "../../../../../src/platforms/flowise/runtime/toolkit/flowise-input-tree.js";
import { toFlowiseJsonSchema } from "../../../../../src/platforms/flowise/runtime/toolkit/flowise-json-schema.js";
import { toFlowiseZod } from "../../../../../src/platforms/flowise/runtime/toolkit/flowise-zod-schema.js";
import { QUIRKS_SPEC } from "../../../../runtime/toolkit/quirks-spec.js";
import { GITHUB_SPEC, oasExample, SMALLER_SPECS } from "../../../../support/real-specs.js";

/** Every description the toolkit tests read, GitHub's first (1,100+ operations). */
const SPECS: [string, string | Record<string, unknown>][] = [
  ["GitHub", GITHUB_SPEC],
  ...SMALLER_SPECS.map((file): [string, string] => [file, oasExample(file)]),
  ["event-api.openapi.yaml", packagePath("tools", "event-api.openapi.yaml")],
  ["quirks", QUIRKS_SPEC],
];

/** What LangChain's real conversion makes of the zod schema built from the same tree. */
function viaZod(operation: IndexedOperation): string {
  const zod = toFlowiseZod(flowiseInputTree(operation));
  return JSON.stringify(toJsonSchema(zod as unknown as Parameters<typeof toJsonSchema>[0]));
}

function direct(operation: IndexedOperation): string {
  return JSON.stringify(toFlowiseJsonSchema(flowiseInputTree(operation)));
}

describe("the JSON Schema written from the tree is toJsonSchema(zod), byte for byte", () => {
  test.each(SPECS)("every operation of %s", async (_, source) => {
    const index = createOperationIndex(await loadSpec(source, { label: "spec" }));
    const different = index.operations
      .filter((operation) => direct(operation) !== viaZod(operation))
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(index.operations.length).toBeGreaterThan(0);
    expect(different).toEqual([]);
  });
});

/** One POST operation with these fields, as the index gives it. */
async function operationWith(fields: Record<string, unknown>): Promise<IndexedOperation> {
  const post = { operationId: "op", responses: { "200": { description: "ok" } }, ...fields };
  const spec = { openapi: "3.0.3", info: { title: "t", version: "1" }, paths: { "/t": { post } } };
  const [operation] = createOperationIndex(await loadSpec(spec, { label: "t.yaml" })).operations;
  return operation as IndexedOperation;
}

/** The input schema of an operation with this JSON body, checked against the real conversion. */
async function inputSchemaFor(fields: Record<string, unknown>) {
  const operation = await operationWith(fields);
  expect(direct(operation)).toBe(viaZod(operation));
  return toFlowiseJsonSchema(flowiseInputTree(operation)) as {
    properties: Record<string, unknown>;
    required?: string[];
  };
}

const body = (schema: unknown) => ({ requestBody: { content: { "application/json": { schema } } } });

async function requestBodyFor(schema: unknown) {
  return (await inputSchemaFor(body(schema))).properties.RequestBody;
}

const notUndefinedOr = (inner: Record<string, unknown>) => ({
  anyOf: [{ not: {} }, inner],
  ...(inner.description ? { description: inner.description } : {}),
});

describe("the tricky cases of zod-to-json-schema", () => {
  test("an optional string as a union member is 'not undefined, or a string' and keeps the property optional", async () => {
    const schema = {
      type: "object",
      properties: {
        id: { oneOf: [{ type: "string" }, { type: "object", properties: { n: { type: "integer" } } }] },
      },
    };
    expect(await requestBodyFor(schema)).toEqual({
      type: "object",
      properties: {
        id: {
          anyOf: [
            notUndefinedOr({ type: "string", description: "id" }),
            {
              type: "object",
              properties: { n: { type: "integer", description: "n" } },
              additionalProperties: false,
            },
          ],
          description: "id",
        },
      },
      additionalProperties: false,
    });
  });

  test.each([
    [
      "bare primitives collapse to a type list, repeats dropped",
      [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "null" }, { type: "string" }],
      { type: ["string", "number", "boolean", "null"], description: "v" },
    ],
    [
      "a single primitive collapses to its type",
      [{ type: "string", description: "S" }],
      { type: "string", description: "v" },
    ],
    [
      "an integer (a checked number) does not collapse",
      [{ type: "integer" }, { type: "string" }],
      {
        anyOf: [
          { type: "integer", description: "v" },
          { type: "string", description: "v" },
        ],
        description: "v",
      },
    ],
    [
      "a bounded number does not collapse",
      [{ type: "number", minimum: 0 }, { type: "null" }],
      { anyOf: [{ type: "number", minimum: 0, description: "v" }, { type: "null" }], description: "v" },
    ],
    [
      "enums merge into one, each adding the values not seen yet",
      [{ enum: ["a", "b", "b"] }, { enum: ["b", "c"] }],
      { type: "string", enum: ["a", "b", "b", "c"], description: "v" },
    ],
    ["an empty union is only its description", [], { description: "v" }],
    [
      "a nested union is one member",
      [{ oneOf: [{ type: "string" }, { type: "boolean" }] }, { type: "array", items: { type: "string" } }],
      {
        anyOf: [
          { type: ["string", "boolean"], description: "v" },
          { type: "array", items: { type: "string", description: "v" } },
        ],
        description: "v",
      },
    ],
  ])("a required union: %s", async (_, oneOf, expected) => {
    const schema = { type: "object", required: ["v"], properties: { v: { oneOf } } };
    expect(await requestBodyFor(schema)).toEqual({
      type: "object",
      properties: { v: expected },
      required: ["v"],
      additionalProperties: false,
    });
  });

  test("optional enums as union members stay apart", async () => {
    const schema = { type: "object", properties: { v: { anyOf: [{ enum: ["a"] }, { enum: ["b"] }] } } };
    expect(await requestBodyFor(schema)).toMatchObject({
      properties: {
        v: {
          anyOf: [
            notUndefinedOr({ type: "string", enum: ["a"], description: "v" }),
            notUndefinedOr({ type: "string", enum: ["b"], description: "v" }),
          ],
        },
      },
    });
  });

  test("array items are optional unless the array's key is required; the array itself always is", async () => {
    const tags = { type: "array", items: { type: "string" } };
    const schema = { type: "object", required: ["ids"], properties: { tags, ids: tags } };
    expect(await requestBodyFor(schema)).toEqual({
      type: "object",
      properties: {
        tags: { type: "array", items: notUndefinedOr({ type: "string", description: "tags" }) },
        ids: { type: "array", items: { type: "string", description: "ids" } },
      },
      required: ["tags", "ids"],
      additionalProperties: false,
    });
  });

  test("unknown properties are never required, even when listed", async () => {
    const schema = {
      type: "object",
      required: ["meta", "mixed", "nothing"],
      properties: {
        meta: { type: "object" },
        mixed: { allOf: [{ type: "string" }] },
        nothing: { type: "null" },
      },
    };
    expect(await requestBodyFor(schema)).toEqual({
      type: "object",
      properties: { meta: {}, mixed: {}, nothing: { type: "null" } },
      required: ["nothing"],
      additionalProperties: false,
    });
  });

  test("an enum that is not a list is spelled out and never required (zod throws on it)", async () => {
    const schema = { type: "object", required: ["odd"], properties: { odd: { enum: "ab" } } };
    expect(await requestBodyFor(schema)).toEqual({
      type: "object",
      properties: { odd: { type: "string", enum: ["a", "b"], description: "odd" } },
      additionalProperties: false,
    });
  });

  test("enum descriptions: title, description and the values for a parameter; description, else title, in a body", async () => {
    const sort = { enum: ["asc", "desc"], title: "Sort", description: "Order" };
    const schema = await inputSchemaFor({
      parameters: [{ name: "sort", in: "query", schema: sort }],
      ...body({ type: "object", properties: { state: { enum: ["on"], title: "State" }, sort } }),
    });
    expect(schema.properties.QueryParameters).toMatchObject({
      properties: {
        sort: { type: "string", enum: ["asc", "desc"], description: "Sort. Order. Valid values: asc, desc" },
      },
    });
    expect(schema.properties.RequestBody).toMatchObject({
      properties: {
        state: { type: "string", enum: ["on"], description: "State" },
        sort: { type: "string", enum: ["asc", "desc"], description: "Order" },
      },
    });
  });

  test("integers are .int() without bounds; numbers keep minimum and maximum", async () => {
    const schema = {
      type: "object",
      properties: {
        count: { type: "integer", minimum: 1, maximum: 9 },
        ratio: { type: "number", minimum: 0, maximum: 1, description: "Ratio" },
      },
    };
    expect(await requestBodyFor(schema)).toMatchObject({
      properties: {
        count: { type: "integer", description: "count" },
        ratio: { type: "number", minimum: 0, maximum: 1, description: "Ratio" },
      },
    });
  });

  test("an empty body schema is unknown, so the body is optional", async () => {
    expect(await inputSchemaFor(body({}))).toEqual({
      type: "object",
      properties: { RequestBody: {} },
      additionalProperties: false,
      $schema: "http://json-schema.org/draft-07/schema#",
    });
  });

  test("array-index parameter names come first, as in the object Flowise builds", async () => {
    const string = { type: "string" };
    const schema = await inputSchemaFor({
      parameters: [
        { name: "b", in: "query", required: true, schema: string },
        { name: "12", in: "query", required: true, schema: string },
        { name: "01", in: "query", required: true, schema: string },
        { name: "3", in: "query", schema: string },
      ],
    });
    const query = schema.properties.QueryParameters as { properties: object; required: string[] };
    expect(Object.keys(query.properties)).toEqual(["3", "12", "b", "01"]);
    expect(query.required).toEqual(["12", "b", "01"]);
  });

  test("a property named __proto__ is dropped, as Flowise's object assignment drops it", async () => {
    const properties = JSON.parse('{"__proto__": {"type": "string"}, "name": {"type": "string"}}');
    expect(await requestBodyFor({ type: "object", properties })).toEqual({
      type: "object",
      properties: { name: { type: "string", description: "name" } },
      additionalProperties: false,
    });
  });
});
