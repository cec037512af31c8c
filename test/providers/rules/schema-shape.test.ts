import { describe, expect, test } from "vitest";
import { invalidKeyword, notSchemas } from "../../../src/providers/rules/schema-shape.js";

describe("notSchemas: where a schema belongs but something else is", () => {
  test("type names, lists and null in schema places are found, with their keys", () => {
    const found = notSchemas({
      type: "object",
      properties: { x: "number", tags: { type: "array", items: [] }, ok: true },
      anyOf: [null],
    });
    expect(found.map(({ keys, value }) => ({ keys, value }))).toEqual([
      { keys: ["properties", "x"], value: "number" },
      { keys: ["anyOf", 0], value: null },
    ]);
  });

  test("boolean schemas and objects are schemas; a draft-4 items list is left to the walk", () => {
    expect(
      notSchemas({
        type: "object",
        properties: { a: true, b: { type: "string" } },
        additionalProperties: false,
      }),
    ).toEqual([]);
  });
});

describe("invalidKeyword: what JSON Schema 2020-12's meta-schema refuses", () => {
  test.each([
    [{ type: "int" }, "type"],
    [{ type: ["string", "nul"] }, "type"],
    [{ type: "object", required: true }, "required"],
    [{ type: "object", properties: [] }, "properties"],
    [{ type: ["string", "null"], required: ["a"] }, undefined],
  ])("%j → %s", (schema, keyword) => {
    expect(invalidKeyword(schema)).toBe(keyword);
  });
});
