import { describe, test } from "vitest";
import { expectRuleCase, type RuleCase, wire } from "./rule-cases.js";

const tools = (count: number) =>
  Array.from({ length: count }, (_, i) => wire("openai", `tool_${i}`, undefined, {}, i));

const CASES: RuleCase[] = [
  {
    rule: "openai/name-pattern",
    provider: "openai",
    accepted: [wire("openai", "get_event-2")],
    rejected: [wire("openai", "get event")],
    message:
      "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
    path: "tools[0].function.name",
  },
  {
    rule: "openai/name-length",
    provider: "openai",
    accepted: [wire("openai", "a".repeat(64))],
    rejected: [wire("openai", "a".repeat(65))],
    message:
      "Invalid 'tools[0].function.name': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
    path: "tools[0].function.name",
  },
  {
    rule: "openai/description-length",
    provider: "openai",
    accepted: [wire("openai", "get_event", undefined, { description: "d".repeat(1024) })],
    rejected: [wire("openai", "get_event", undefined, { description: "d".repeat(1103) })],
    message:
      "Invalid 'tools[0].function.description': string too long. Expected a string with maximum length 1024, but got a string with length 1103 instead.",
    path: "tools[0].function.description",
  },
  {
    rule: "openai/tool-count",
    provider: "openai",
    accepted: tools(128),
    rejected: tools(129),
    message:
      "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 129 instead.",
    path: "tools",
  },
  {
    rule: "openai/array-items",
    provider: "openai",
    accepted: [
      wire("openai", "tag", {
        type: "object",
        properties: { texts: { type: "array", items: { type: "string" } } },
      }),
    ],
    rejected: [
      wire("openai", "tag", {
        type: "object",
        properties: { texts: { type: "array", description: "words" } },
      }),
    ],
    message:
      "Invalid schema for function 'tag': In context=('properties', 'texts'), array schema missing items.",
    path: "tools[0].function.parameters.properties.texts",
  },
  {
    rule: "openai/array-items",
    provider: "openai",
    accepted: [
      wire("openai", "run", { type: "object", properties: { args: { type: ["array", "null"], items: {} } } }),
    ],
    rejected: [wire("openai", "run", { type: "object", properties: { args: { type: ["array", "null"] } } })],
    message:
      "Invalid schema for function 'run': In context=('properties', 'args', 'type', '0'), array schema missing items.",
    path: "tools[0].function.parameters.properties.args",
  },
  {
    rule: "openai/root-object",
    provider: "openai",
    accepted: [wire("openai", "ping", { type: "object" })],
    rejected: [wire("openai", "ping", { type: "string" })],
    message: `Invalid schema for function 'ping': schema must be a JSON Schema of 'type: "object"', got 'type: "string"'.`,
    path: "tools[0].function.parameters",
  },
  {
    rule: "openai/root-object",
    provider: "openai",
    accepted: [wire("openai", "ping", {})],
    rejected: [wire("openai", "ping", { properties: { q: { type: "string" } } })],
    message: `Invalid schema for function 'ping': schema must be a JSON Schema of 'type: "object"', got 'type: null'.`,
    path: "tools[0].function.parameters",
  },
  {
    rule: "openai/root-composition",
    provider: "openai",
    accepted: [
      wire("openai", "insert", {
        type: "object",
        properties: { at: { oneOf: [{ type: "integer" }, { type: "string" }] } },
      }),
    ],
    rejected: [
      wire("openai", "insert", {
        type: "object",
        properties: { line: { type: "integer" }, pattern: { type: "string" } },
        oneOf: [{ required: ["line"] }, { required: ["pattern"] }],
      }),
    ],
    message:
      "Invalid schema for function 'insert': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.",
    path: "tools[0].function.parameters",
  },
  {
    rule: "openai/schema-shape",
    provider: "openai",
    accepted: [
      wire("openai", "list", { type: "object", properties: { kind: { type: "string" }, any: true } }),
    ],
    rejected: [wire("openai", "list", { type: "object", properties: { kind: "object" } })],
    message: "Invalid schema for function 'list': 'object' is not of type 'object', 'boolean'.",
    path: "tools[0].function.parameters.properties.kind",
  },
  {
    rule: "openai/schema-shape",
    provider: "openai",
    accepted: [wire("openai", "edit", { type: "object", properties: { options: {} } })],
    rejected: [wire("openai", "edit", { type: "object", properties: { options: [] } })],
    message: "Invalid schema for function 'edit': [] is not of type 'object', 'boolean'.",
    path: "tools[0].function.parameters.properties.options",
  },
  {
    rule: "openai/schema-shape",
    provider: "openai",
    accepted: [wire("openai", "books", { type: "object", properties: {}, required: [] })],
    rejected: [wire("openai", "books", { type: "object", properties: [] })],
    message: "Invalid schema for function 'books': [] is not of type 'object'.",
    path: "tools[0].function.parameters.properties",
  },
  {
    rule: "openai/schema-shape",
    provider: "openai",
    accepted: [wire("openai", "ai-sfn", { type: "object", properties: { a: { type: "string" } } })],
    rejected: [
      wire("openai", "ai-sfn", { type: "object", properties: { a: { type: "string" } }, required: null }),
    ],
    message: "Invalid schema for function 'ai-sfn': None is not of type 'array'.",
    path: "tools[0].function.parameters.required",
  },
];

const CLOSED = {
  type: "object",
  properties: { q: { type: "string" } },
  required: ["q"],
  additionalProperties: false,
};

const STRICT_CASES: RuleCase[] = [
  {
    rule: "openai-strict/additional-properties",
    provider: "openai-strict",
    accepted: [wire("openai-strict", "search", CLOSED)],
    rejected: [wire("openai-strict", "search", { ...CLOSED, additionalProperties: undefined })],
    message:
      "Invalid schema for function 'search': In context=(), 'additionalProperties' is required to be supplied and to be false.",
    path: "tools[0].function.parameters",
  },
  {
    rule: "openai-strict/required-all",
    provider: "openai-strict",
    accepted: [wire("openai-strict", "search", CLOSED)],
    rejected: [wire("openai-strict", "search", { ...CLOSED, required: [] })],
    message:
      "Invalid schema for function 'search': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'q'.",
    path: "tools[0].function.parameters",
  },
  {
    rule: "openai-strict/unsupported-keyword",
    provider: "openai-strict",
    accepted: [
      wire("openai-strict", "search", {
        ...CLOSED,
        properties: { q: { anyOf: [{ type: "string" }, { type: "null" }] } },
      }),
    ],
    rejected: [
      wire("openai-strict", "search", { ...CLOSED, properties: { q: { allOf: [{ type: "string" }] } } }),
    ],
    message:
      "Invalid schema for function 'search': In context=('properties', 'q'), 'allOf' is not supported in strict mode.",
    path: "tools[0].function.parameters.properties.q",
  },
  {
    rule: "openai-strict/format",
    provider: "openai-strict",
    accepted: [
      wire("openai-strict", "scrape", { ...CLOSED, properties: { q: { type: "string", format: "email" } } }),
    ],
    rejected: [
      wire("openai-strict", "scrape", { ...CLOSED, properties: { q: { type: "string", format: "uri" } } }),
    ],
    message:
      "Invalid schema for function 'scrape': In context=('properties', 'q'), 'uri' is not a valid format.",
    path: "tools[0].function.parameters.properties.q",
  },
  {
    rule: "openai-strict/nesting-depth",
    provider: "openai-strict",
    accepted: [wire("openai-strict", "deep", nested(10))],
    rejected: [wire("openai-strict", "deep", nested(11))],
    message: "Invalid schema for function 'deep': 11 levels of nesting exceeds limit of 10.",
    path: `tools[0].function.parameters${".properties.a".repeat(11)}`,
  },
  {
    rule: "openai-strict/schema-size",
    provider: "openai-strict",
    accepted: [wire("openai-strict", "pick", enumOf(1000))],
    rejected: [wire("openai-strict", "pick", enumOf(1001))],
    message:
      "Invalid schema for function 'pick': In context=(), the schema has 1001 enum values in all (the limit is 1000).",
    path: "tools[0].function.parameters",
  },
];

/** An object nesting `levels` closed objects below the root. */
function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = {
    type: "object",
    properties: {},
    required: [],
    additionalProperties: false,
  };
  for (let i = 0; i < levels; i++)
    schema = { type: "object", properties: { a: schema }, required: ["a"], additionalProperties: false };
  return schema;
}

function enumOf(count: number): Record<string, unknown> {
  const values = Array.from({ length: count }, (_, i) => `v${i}`);
  return {
    type: "object",
    properties: { v: { type: "string", enum: values } },
    required: ["v"],
    additionalProperties: false,
  };
}

describe("OpenAI's rules, each quoting OpenAI's refusal", () => {
  test.each(CASES)("$rule: $message", (row) => expectRuleCase(row));
});

describe("OpenAI's strict mode", () => {
  test.each(STRICT_CASES)("$rule: $message", (row) => expectRuleCase(row));

  test("under the openai profile, only the tools sent with strict: true are held to it", () => {
    const open = { type: "object", properties: { q: { type: "string" } } };
    expectRuleCase({
      rule: "openai-strict/additional-properties",
      provider: "openai",
      accepted: [wire("openai", "search", open)],
      rejected: [wire("openai", "search", open, { strict: true })],
      message:
        "Invalid schema for function 'search': In context=(), 'additionalProperties' is required to be supplied and to be false.",
      path: "tools[0].function.parameters",
    });
  });
});
