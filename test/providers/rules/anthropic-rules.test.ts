import { describe, test } from "vitest";
import { expectRuleCase, type RuleCase, wire } from "./rule-cases.js";

const CASES: RuleCase[] = [
  {
    rule: "anthropic/name-pattern",
    provider: "anthropic",
    accepted: [wire("anthropic", "a".repeat(128))],
    rejected: [wire("anthropic", "caldav-mcp.create-event")],
    message: "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    path: "tools[0].name",
  },
  {
    rule: "anthropic/name-length",
    provider: "anthropic",
    accepted: [wire("anthropic", "a".repeat(128))],
    rejected: [wire("anthropic", "a".repeat(129))],
    message: "tools.0.custom.name: String should have at most 128 characters",
    path: "tools[0].name",
  },
  {
    rule: "anthropic/property-key",
    provider: "anthropic",
    accepted: [
      wire("anthropic", "list_apps", { type: "object", properties: { "filter.id": { type: "string" } } }),
    ],
    rejected: [
      wire("anthropic", "list_apps", { type: "object", properties: { "filter[id]": { type: "string" } } }),
    ],
    message:
      "tools.0.custom.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'",
    path: "tools[0].input_schema.properties.filter[id]",
  },
  {
    rule: "anthropic/root-object",
    provider: "anthropic",
    accepted: [wire("anthropic", "spawn", { type: "object", properties: { task: { type: "string" } } })],
    rejected: [wire("anthropic", "spawn", { properties: { task: { type: "string" } } })],
    message: "tools.0.custom.input_schema.type: Field required",
    path: "tools[0].input_schema",
  },
  {
    rule: "anthropic/root-composition",
    provider: "anthropic",
    accepted: [
      wire("anthropic", "edit", {
        type: "object",
        properties: { target: { anyOf: [{ type: "string" }, { type: "integer" }] } },
      }),
    ],
    rejected: [
      wire("anthropic", "edit", {
        type: "object",
        anyOf: [{ required: ["path"] }, { required: ["url"] }],
      }),
    ],
    message:
      "tools.0.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level",
    path: "tools[0].input_schema",
  },
  {
    rule: "anthropic/json-schema",
    provider: "anthropic",
    accepted: [
      wire("anthropic", "point", {
        type: "object",
        properties: { x: { type: ["number", "null"] }, y: true },
        required: ["x"],
      }),
    ],
    rejected: [
      wire("anthropic", "point", {
        type: "object",
        properties: { x: "number", y: "number" },
        required: ["x"],
      }),
    ],
    message:
      "tools.0.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview.",
    path: "tools[0].input_schema.properties.x",
  },
  {
    rule: "anthropic/json-schema",
    provider: "anthropic",
    accepted: [wire("anthropic", "point", { type: "object", properties: { x: { type: "integer" } } })],
    rejected: [wire("anthropic", "point", { type: "object", properties: { x: { type: "int" } } })],
    message:
      "tools.0.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview.",
    path: "tools[0].input_schema.properties.x",
  },
  {
    rule: "anthropic/unique-names",
    provider: "anthropic",
    accepted: [wire("anthropic", "web_search"), wire("anthropic", "web_fetch", undefined, {}, 1)],
    rejected: [wire("anthropic", "web_search"), wire("anthropic", "web_search", undefined, {}, 1)],
    message: "tools: Tool names must be unique.",
    path: "tools[1].name",
  },
  {
    rule: "anthropic/root-object",
    provider: "anthropic",
    accepted: [wire("anthropic", "ping", { type: "object" })],
    rejected: [wire("anthropic", "ping", { type: "array", items: {} })],
    message: "tools.0.custom.input_schema.type: Input should be 'object'",
    path: "tools[0].input_schema",
  },
  {
    rule: "anthropic-strict/additional-properties",
    provider: "anthropic-strict",
    accepted: [
      wire("anthropic-strict", "book", { type: "object", properties: {}, additionalProperties: false }),
    ],
    rejected: [wire("anthropic-strict", "book", { type: "object", properties: {} })],
    message: "tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false",
    path: "tools[0].input_schema",
  },
  {
    rule: "anthropic-strict/unsupported-keyword",
    provider: "anthropic-strict",
    accepted: [wire("anthropic-strict", "book", closed({ type: "integer" }))],
    rejected: [wire("anthropic-strict", "book", closed({ type: "integer", minimum: 1 }))],
    message: "tools.0.custom.input_schema: 'minimum' is not supported in strict mode",
    path: "tools[0].input_schema.properties.passengers",
  },
];

function closed(passengers: Record<string, unknown>): Record<string, unknown> {
  return {
    type: "object",
    properties: { passengers },
    required: ["passengers"],
    additionalProperties: false,
  };
}

describe("Anthropic's rules, each quoting Anthropic's refusal", () => {
  test.each(CASES)("$rule: $message", (row) => expectRuleCase(row));

  test("nested property keys are not judged: Anthropic checks input_schema.properties only", () => {
    expectRuleCase({
      rule: "anthropic/property-key",
      provider: "anthropic",
      accepted: [
        wire("anthropic", "q", {
          type: "object",
          properties: { filter: { type: "object", properties: { "a b": {} } } },
        }),
      ],
      rejected: [wire("anthropic", "q", { type: "object", properties: { "a b": { type: "string" } } })],
      message:
        "tools.0.custom.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'",
      path: "tools[0].input_schema.properties.a b",
    });
  });
});
