import { describe, expect, test } from "vitest";
import { exampleArgs } from "../../../src/lint/probe/example-args.js";
import { patternExample } from "../../../src/lint/probe/pattern-example.js";
import { checkSchema } from "../../../src/lint/probe/schema-check.js";

/** A tool's schema with one argument, as the model is given it. */
const tool = (property: Record<string, unknown>, required = true) => ({
  type: "object",
  properties: { value: property },
  ...(required ? { required: ["value"] } : {}),
  additionalProperties: false,
});

describe("probe arguments satisfy the tool's schema", () => {
  test.each([
    [
      "n8n's json $fromAI key (no type): the JSON its description shows",
      { description: '{"model":"m","n":1}' },
      { model: "m", n: 1 },
    ],
    [
      "a json key whose description is prose: a small object",
      { description: "The request body" },
      { tooldeck: "probe" },
    ],
    ["format date", { type: "string", format: "date" }, "2024-07-15"],
    ["format date-time", { type: "string", format: "date-time" }, "2024-07-15T10:00:00Z"],
    ["format email", { type: "string", format: "email" }, "probe@example.com"],
    ["format uri", { type: "string", format: "uri" }, "https://example.com/"],
    ["format uuid", { type: "string", format: "uuid" }, "123e4567-e89b-12d3-a456-426614174000"],
    ["format int64 on a string", { type: "string", format: "int64" }, "1"],
    ["a pattern", { type: "string", pattern: "^[A-Z]{3}-\\d{2,}$" }, "AAA-00"],
    ["a pattern with minLength", { type: "string", pattern: "^[a-z]+$", minLength: 4 }, "aaaaa"],
    ["a description's example that fits", { type: "string", description: "City (e.g. Paris)" }, "Paris"],
    [
      "a description's example off the pattern gives way",
      { type: "string", pattern: "^\\d{5}$", description: "Zip (e.g. 7500)" },
      "00000",
    ],
    ["minLength pads", { type: "string", minLength: 25 }, "tooldeck probe valuexxxxx"],
    ["maxLength cuts", { type: "string", maxLength: 5 }, "toold"],
    ["an enum", { type: "string", enum: ["open", "closed"] }, "open"],
    ["an example off its own enum is not used", { type: "string", enum: ["a", "b"], example: "c" }, "a"],
    ["an integer minimum", { type: "integer", minimum: 10 }, 10],
    ["an exclusive maximum", { type: "integer", exclusiveMaximum: 1 }, 0],
    ["multipleOf", { type: "integer", minimum: 3, multipleOf: 5 }, 5],
    ["an array's minItems", { type: "array", items: { type: "integer" }, minItems: 2 }, [1, 1]],
    [
      "unique enum items",
      { type: "array", items: { enum: ["x", "y"] }, minItems: 2, uniqueItems: true },
      ["x", "y"],
    ],
    ["a nullable variant", { anyOf: [{ type: "null" }, { type: "string", format: "date" }] }, "2024-07-15"],
    [
      "allOf's parts together",
      {
        allOf: [
          { type: "object", properties: { a: { type: "integer" } } },
          { properties: { b: { type: "boolean" } }, required: ["b"] },
        ],
      },
      { a: 1, b: true },
    ],
  ])("%s", (_name, property, expected) => {
    const schema = tool(property);
    const args = exampleArgs(schema) as { value: unknown };
    expect(args.value).toEqual(expected);
    expect(checkSchema(schema, args)).toBeUndefined();
  });

  test("OpenAPI 3.0's boolean exclusiveMinimum (which draft-07 cannot check) is kept off its bound", () => {
    const schema = tool({ type: "number", minimum: 1, exclusiveMinimum: true, maximum: 3 });
    expect(exampleArgs(schema)).toEqual({ value: 2 });
  });

  test("a name still suggests a value the schema allows (id → the seeded id)", () => {
    expect(exampleArgs({ type: "object", properties: { event_id: { type: "string" } } })).toEqual({
      event_id: "1",
    });
  });

  test("a pattern tooldeck cannot meet is said by the schema check, not hidden", () => {
    const schema = tool({ type: "string", pattern: "^[^\\x00-\\xff]+$" });
    const args = exampleArgs(schema);
    expect(args).toEqual({ value: "tooldeck probe value" });
    expect(checkSchema(schema, args)).toBe('/value must match pattern "^[^\\x00-\\xff]+$"');
  });
});

describe("patternExample", () => {
  test.each([
    ["^\\d{4}-\\d{2}-\\d{2}$", "0000-00-00"],
    ["^(cat|dog|ox)$", "ox"],
    ["^[^a-z]+$", "A"],
    ["^\\p{Lu}\\w*$", "A"],
    ["^https?://[a-z.]+/$", "http://a/"],
  ])("%s → %s", (pattern, expected) => {
    expect(patternExample(pattern)).toBe(expected);
  });

  test.each([
    ["a lookahead RE2 cannot run", "^(?=a)a$"],
    ["a string longer than 1,000 characters", "^((a{99}){99}){99}$"],
    ["a word boundary between two letters", "a\\bb"],
    ["not a regular expression", "("],
  ])("none for %s", (_name, pattern) => {
    expect(patternExample(pattern)).toBeUndefined();
  });
});
