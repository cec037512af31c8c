import { describe, expect, test } from "vitest";
import { customToolJsonSchema } from "../../../../src/platforms/flowise/custom-tool/custom-tool-schema.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** Reference flowise-custom-tool.md §3: what the model is given for a row list. */
describe("the JSON schema of a Custom Tool, as Flowise 3.1.4 gives it to the model", () => {
  test.each([
    {
      fact: "the four types; required only when ticked; a description only when non-empty",
      rows: [
        { property: "email", type: "string", description: "email address", required: true },
        { property: "count", type: "number", description: "" },
        { property: "vip", type: "boolean" },
        { property: "when", type: "date", description: "when", required: false },
      ],
      schema: {
        type: "object",
        properties: {
          email: { type: "string", description: "email address" },
          count: { type: "number" },
          vip: { type: "boolean" },
          when: { type: "string", format: "date-time", description: "when" },
        },
        required: ["email"],
        additionalProperties: false,
        $schema: DRAFT_07,
      },
    },
    {
      fact: "other types (object, array, integer, String, blank) are dropped; no required key when none is",
      rows: [
        { property: "a", type: "object", required: true },
        { property: "b", type: "array" },
        { property: "c", type: "integer" },
        { property: "d", type: "String" },
        { property: "e", type: "" },
        { property: "kept", type: "string" },
      ],
      schema: {
        type: "object",
        properties: { kept: { type: "string" } },
        additionalProperties: false,
        $schema: DRAFT_07,
      },
    },
    {
      fact: "a property listed twice: the later row wins, in the first one's place; odd names verbatim",
      rows: [
        { property: "user id", type: "string", description: "first" },
        { property: "x-y", type: "number" },
        { property: "user id", type: "boolean", description: "second", required: true },
      ],
      schema: {
        type: "object",
        properties: { "user id": { type: "boolean", description: "second" }, "x-y": { type: "number" } },
        required: ["user id"],
        additionalProperties: false,
        $schema: DRAFT_07,
      },
    },
    {
      fact: "no rows",
      rows: [],
      schema: { type: "object", properties: {}, additionalProperties: false, $schema: DRAFT_07 },
    },
  ])("$fact", ({ rows, schema }) => {
    expect(customToolJsonSchema(rows)).toStrictEqual(schema);
  });
});
