import { describe, expect, test } from "vitest";
import { findEnvelope, likenessTo } from "../../src/openapi/envelope.js";
import type { SchemaObject } from "../../src/openapi/openapi-document.js";

const branch: SchemaObject = {
  type: "object",
  properties: { name: { type: "string" }, base: { type: "string" } },
};
const version: SchemaObject = {
  type: "object",
  properties: { name: { type: "string" }, state: { type: "string" } },
};
const paging: SchemaObject = { type: "object", properties: { next: { type: "string" } } };
/** The resource as a branch's create writes it, found by `name`. */
const likeness = likenessTo(new Set(["name", "base"]), (schema) => "name" in (schema.properties ?? {}));

const object = (properties: Record<string, SchemaObject>): SchemaObject => ({ type: "object", properties });

describe("findEnvelope: where an answer holds the resource", () => {
  test.each<[string, SchemaObject, { property: string; array: boolean } | undefined]>([
    ["a property alone: { data: item }", object({ data: branch }), { property: "data", array: false }],
    [
      "beside metadata: { data: item, type }",
      object({ data: branch, type: { type: "string" } }),
      { property: "data", array: false },
    ],
    [
      "a list beside paging: { data: [item], paging, total }",
      object({ data: { type: "array", items: branch }, paging, total: { type: "number" } }),
      { property: "data", array: true },
    ],
    [
      "by shape, whatever its name: { value: item }",
      object({ value: branch, etag: { type: "string" } }),
      { property: "value", array: false },
    ],
    [
      "the item itself, with an object field of its own",
      object({ name: { type: "string" }, owner: paging }),
      undefined,
    ],
    ["two holders equally like the item", object({ a: branch, b: branch }), undefined],
    ["a holder unlike the item beside metadata", object({ paging, type: { type: "string" } }), undefined],
    ["a property holding text", object({ data: { type: "string" } }), undefined],
  ])("%s", (_name, schema, expected) => {
    const found = findEnvelope(schema, likeness);
    expect(found && { property: found.property, array: found.array }).toEqual(expected);
  });

  test("an anyOf of envelopes in one property holds an anyOf of their items (ReadMe's version or branch)", () => {
    const schema = {
      anyOf: [
        object({ data: version, type: { type: "string" } }),
        object({ data: branch, type: { type: "string" } }),
      ],
    };
    expect(findEnvelope(schema, likeness)).toEqual({
      property: "data",
      array: false,
      inner: { anyOf: [version, branch] },
    });
  });

  test("an anyOf whose branches wrap in different properties is no envelope", () => {
    const schema = { anyOf: [object({ data: branch }), object({ item: branch })] };
    expect(findEnvelope(schema, likeness)).toBeUndefined();
  });

  test("a recursive oneOf ends", () => {
    const node: SchemaObject = { oneOf: [] };
    (node.oneOf as SchemaObject[]).push(node);
    expect(findEnvelope(object({ data: node }), likeness)).toBeUndefined();
  });
});
