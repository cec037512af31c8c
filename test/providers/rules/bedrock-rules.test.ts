import { describe, test } from "vitest";
import { expectRuleCase, type RuleCase, wire } from "./rule-cases.js";

const CASES: RuleCase[] = [
  {
    rule: "bedrock/name-pattern",
    provider: "bedrock",
    accepted: [wire("bedrock", "my-tool_2")],
    rejected: [wire("bedrock", "fetch.get_url")],
    message:
      "Value 'fetch.get_url' at 'toolConfig.tools.1.member.toolSpec.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
    path: "toolConfig.tools[0].toolSpec.name",
  },
  {
    rule: "bedrock/name-pattern",
    provider: "bedrock",
    accepted: [wire("bedrock", "a")],
    rejected: [wire("bedrock", "")],
    message:
      "Value '' at 'toolConfig.tools.1.member.toolSpec.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
    path: "toolConfig.tools[0].toolSpec.name",
  },
  {
    rule: "bedrock/name-length",
    provider: "bedrock",
    accepted: [wire("bedrock", "a".repeat(64))],
    rejected: [wire("bedrock", "a".repeat(65))],
    message: `Value '${"a".repeat(65)}' at 'toolConfig.tools.1.member.toolSpec.name' failed to satisfy constraint: Member must have length less than or equal to 64`,
    path: "toolConfig.tools[0].toolSpec.name",
  },
  {
    rule: "bedrock/description-length",
    provider: "bedrock",
    accepted: [wire("bedrock", "get_event")],
    rejected: [wire("bedrock", "get_event", undefined, { description: "" })],
    message:
      "Value '' at 'toolConfig.tools.1.member.toolSpec.description' failed to satisfy constraint: Member must have length greater than or equal to 1",
    path: "toolConfig.tools[0].toolSpec.description",
  },
  {
    rule: "bedrock/root-object",
    provider: "bedrock",
    accepted: [wire("bedrock", "todo_read", { type: "object", properties: {} })],
    rejected: [wire("bedrock", "todo_read", {})],
    message:
      "The value at toolConfig.tools.0.toolSpec.inputSchema.json.type must be one of the following: object.",
    path: "toolConfig.tools[0].toolSpec.inputSchema.json.type",
  },
  {
    rule: "bedrock/json-schema",
    provider: "bedrock",
    accepted: [wire("bedrock", "list_models", { type: "object", properties: {}, required: [] })],
    rejected: [wire("bedrock", "list_models", { type: "object", properties: null })],
    message:
      "The json schema definition at toolConfig.tools.0.toolSpec.inputSchema is invalid. Fix the following errors and try again: $.properties: null found, object expected",
    path: "toolConfig.tools[0].toolSpec.inputSchema.json.properties",
  },
  {
    rule: "bedrock/json-schema",
    provider: "bedrock",
    accepted: [
      wire("bedrock", "get", { type: "object", properties: { a: { type: "object", required: ["b"] } } }),
    ],
    rejected: [
      wire("bedrock", "get", { type: "object", properties: { a: { type: "object", required: "b" } } }),
    ],
    message:
      "The json schema definition at toolConfig.tools.0.toolSpec.inputSchema is invalid. Fix the following errors and try again: $.properties.a.required: string found, array expected",
    path: "toolConfig.tools[0].toolSpec.inputSchema.json.properties.a.required",
  },
  {
    rule: "bedrock/property-key",
    provider: "bedrock",
    accepted: [
      wire("bedrock", "extract", { type: "object", properties: { Account_Number: { type: "string" } } }),
    ],
    rejected: [
      wire("bedrock", "extract", { type: "object", properties: { "Account Number": { type: "string" } } }),
    ],
    message:
      "ValidationException: tools.0.custom.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'",
    path: "toolConfig.tools[0].toolSpec.inputSchema.json.properties.Account Number",
  },
  {
    rule: "bedrock/unique-names",
    provider: "bedrock",
    accepted: [wire("bedrock", "a"), wire("bedrock", "b", undefined, {}, 1)],
    rejected: [wire("bedrock", "a"), wire("bedrock", "a", undefined, {}, 1)],
    message: "tools: Tool names must be unique.",
    path: "toolConfig.tools[1].toolSpec.name",
  },
  {
    rule: "bedrock/strict-additional-properties",
    provider: "bedrock",
    accepted: [
      wire("bedrock", "get_city", { type: "object", properties: {} }),
      wire(
        "bedrock",
        "get_town",
        { type: "object", properties: {}, additionalProperties: false },
        { strict: true },
        1,
      ),
    ],
    rejected: [wire("bedrock", "get_city", { type: "object", properties: {} }, { strict: true })],
    message: "tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false",
    path: "toolConfig.tools[0].toolSpec.inputSchema.json",
  },
];

describe("Bedrock Converse's rules, each quoting its refusal", () => {
  test.each(CASES)("$rule: $message", (row) => expectRuleCase(row));
});
