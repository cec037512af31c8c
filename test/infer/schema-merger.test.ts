import { describe, expect, test } from "vitest";
import { createSchemaMerger } from "../../src/infer/schema-merger.js";

const merged = (...examples: unknown[]) => {
  const merger = createSchemaMerger();
  for (const example of examples) merger.add(example);
  return merger.schema();
};

describe("createSchemaMerger", () => {
  test("required is what every example has; a field seen null is nullable", () => {
    expect(merged({ id: 1, name: "a" }, { id: 2, name: null, extra: true })).toEqual({
      type: "object",
      properties: {
        id: { type: "integer" },
        name: { type: ["string", "null"] },
        extra: { type: "boolean" },
      },
      required: ["id", "name"],
    });
  });

  test("integers and decimals make a number; list items merge over every item", () => {
    expect(merged([{ price: 1 }, { price: 2.5, tag: "x" }])).toEqual({
      type: "array",
      items: {
        type: "object",
        properties: { price: { type: "number" }, tag: { type: "string" } },
        required: ["price"],
      },
    });
  });

  test("a format is kept where every string at that place has it", () => {
    const schema = merged(
      {
        at: "2024-07-01T09:00:00Z",
        id: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
        web: "https://a.test",
        day: "2024-07-01",
      },
      {
        at: "2024-07-02T10:30:00.5+02:00",
        id: "8fa85f64-5717-4562-b3fc-2c963f66afa6",
        web: "not a url",
        day: "2024-07-02",
      },
    );
    expect(schema.properties).toEqual({
      at: { type: "string", format: "date-time" },
      id: { type: "string", format: "uuid" },
      web: { type: "string" },
      day: { type: "string", format: "date" },
    });
  });

  test("an object keyed by values, or with more than 64 fields, is a map", () => {
    expect(merged({ "101": { n: 1 }, "102": { n: 2 }, "2024-07-01": { n: 3, x: true } })).toEqual({
      type: "object",
      additionalProperties: {
        type: "object",
        properties: { n: { type: "integer" }, x: { type: "boolean" } },
        required: ["n"],
      },
    });
    const emojis = Object.fromEntries(
      Array.from({ length: 65 }, (_, i) => [
        `emoji_${String.fromCharCode(97 + (i % 26))}${i}`,
        "https://e.test/x.png",
      ]),
    );
    expect(merged(emojis)).toEqual({
      type: "object",
      additionalProperties: { type: "string", format: "uri" },
    });
  });

  test("an example seen before is not read again", () => {
    const merger = createSchemaMerger();
    merger.add({ a: 1 });
    merger.add({ a: 1 });
    merger.add({ b: 1 });
    expect(merger.count).toBe(2);
    expect(merger.schema().required).toBeUndefined();
  });

  test("a __proto__ field in an example changes no prototype", () => {
    const schema = merged(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(schema)).toBe(Object.prototype);
  });
});
