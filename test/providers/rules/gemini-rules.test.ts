import { describe, expect, test } from "vitest";
import { judgeTools } from "../../../src/providers/rules/judge-tools.js";
import { expectRuleCase, type RuleCase, wire } from "./rule-cases.js";

const object = (properties: Record<string, unknown>) => ({ type: "object", properties });

const CASES: RuleCase[] = [
  {
    rule: "gemini/name-pattern",
    provider: "gemini",
    accepted: [wire("gemini", "_events.list:v2")],
    rejected: [wire("gemini", "2fa_code")],
    message:
      "GenerateContentRequest.tools[0].function_declarations[0].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.",
    path: "tools[0].functionDeclarations[0].name",
  },
  {
    rule: "gemini/unknown-field",
    provider: "gemini",
    accepted: [
      wire("gemini", "weather", {
        ...object({ unit: { type: "string", enum: ["c", "f"] } }),
        required: ["unit"],
      }),
    ],
    rejected: [
      wire("gemini", "weather", { ...object({ unit: { type: "string" } }), additionalProperties: false }),
    ],
    message:
      "Invalid JSON payload received. Unknown name \"additionalProperties\" at 'tools[0].function_declarations[0].parameters': Cannot find field.",
    path: "tools[0].functionDeclarations[0].parameters.additionalProperties",
  },
  {
    rule: "gemini/unknown-field",
    provider: "gemini",
    accepted: [wire("gemini", "pick", object({ a: { type: "string" }, b: { anyOf: [{ type: "string" }] } }))],
    rejected: [wire("gemini", "pick", object({ a: { type: "string" }, b: { anyOf: [{ const: "x" }] } }))],
    message:
      "Invalid JSON payload received. Unknown name \"const\" at 'tools[0].function_declarations[0].parameters.properties[1].value.any_of[0]': Cannot find field.",
    path: "tools[0].functionDeclarations[0].parameters.properties.b.anyOf[0].const",
  },
  {
    rule: "gemini/tool-count",
    provider: "gemini",
    accepted: Array.from({ length: 512 }, (_, index) =>
      wire("gemini", `tool_${index}`, undefined, {}, index),
    ),
    rejected: Array.from({ length: 513 }, (_, index) =>
      wire("gemini", `tool_${index}`, undefined, {}, index),
    ),
    message:
      "The GenerateContentRequest proto is invalid: * tools[0].function_declarations: [FIELD_INVALID] At most 512 function declarations can be specified.",
    path: "tools[0].functionDeclarations",
  },
  {
    rule: "gemini/schema-value",
    provider: "gemini",
    accepted: [wire("gemini", "todos", object({ todos: { type: "string" }, meta: { type: "object" } }))],
    rejected: [wire("gemini", "todos", object({ todos: { type: "string" }, meta: "object" }))],
    message:
      "Invalid value at 'tools[0].function_declarations[0].parameters.properties[1].value' (type.googleapis.com/google.ai.generativelanguage.v1beta.Schema), \"object\"",
    path: "tools[0].functionDeclarations[0].parameters.properties.meta",
  },
  {
    rule: "vertex/schema-value",
    provider: "vertex",
    accepted: [wire("vertex", "todos", object({ meta: { type: "object" } }))],
    rejected: [wire("vertex", "todos", object({ meta: "object" }))],
    message:
      "Invalid value at 'tools[0].function_declarations[0].parameters.properties[0].value' (type.googleapis.com/google.cloud.aiplatform.v1.Schema), \"object\"",
    path: "tools[0].functionDeclarations[0].parameters.properties.meta",
  },
  {
    rule: "vertex/parameters-object",
    provider: "vertex",
    accepted: [wire("vertex", "readFile", {}), wire("vertex", "ping", { type: "OBJECT" }, {}, 1)],
    rejected: [wire("vertex", "readFile", { properties: {} })],
    message:
      "Unable to submit request because `readFile` functionDeclaration parameters schema should be of type OBJECT.",
    path: "tools[0].functionDeclarations[0].parameters",
  },
  {
    rule: "gemini/property-type",
    provider: "gemini",
    accepted: [
      wire(
        "gemini",
        "drive",
        object({ kind: { type: "string", enum: ["a"] }, any: { anyOf: [{ type: "string" }] } }),
      ),
    ],
    rejected: [wire("gemini", "drive", object({ kind: { type: "string" }, keyValueType: { enum: ["a"] } }))],
    message:
      "Unable to submit request because drive functionDeclaration parameters.keyValueType schema didn't specify the schema type field.",
    path: "tools[0].functionDeclarations[0].parameters.properties.keyValueType",
  },
  {
    rule: "vertex/property-type",
    provider: "vertex",
    accepted: [
      wire("vertex", "drive", {
        type: "object",
        properties: { step: { ref: "#/defs/step" } },
        defs: { step: { type: "string" } },
      }),
    ],
    rejected: [wire("vertex", "drive", object({ note: { description: "free text" } }))],
    message:
      "Unable to submit request because drive functionDeclaration parameters.note schema didn't specify the schema type field.",
    path: "tools[0].functionDeclarations[0].parameters.properties.note",
  },
  {
    rule: "gemini/type-list",
    provider: "gemini",
    accepted: [wire("gemini", "nick", object({ nickname: { type: "string", nullable: true } }))],
    rejected: [wire("gemini", "nick", object({ nickname: { type: ["string", "null"] } }))],
    message:
      "Invalid JSON payload received. Unknown name \"type\" at 'tools[0].function_declarations[0].parameters.properties[0].value': Proto field is not repeating, cannot start list.",
    path: "tools[0].functionDeclarations[0].parameters.properties.nickname",
  },
  {
    rule: "gemini/type-value",
    provider: "gemini",
    accepted: [wire("gemini", "when", object({ at: { type: "STRING" } }))],
    rejected: [wire("gemini", "when", object({ mode: { type: "string" }, at: { type: "enum" } }))],
    message:
      "Invalid value at 'tools[0].function_declarations[0].parameters.properties[1].value.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), \"enum\"",
    path: "tools[0].functionDeclarations[0].parameters.properties.at",
  },
  {
    rule: "gemini/enum-type",
    provider: "gemini",
    accepted: [wire("gemini", "rank", object({ priority: { type: "string", enum: ["1", "2"] } }))],
    rejected: [wire("gemini", "rank", object({ priority: { type: "integer", enum: ["1", "2"] } }))],
    message:
      "GenerateContentRequest.tools[0].function_declarations[0].parameters.properties[priority].enum: only allowed for STRING type",
    path: "tools[0].functionDeclarations[0].parameters.properties.priority",
  },
  {
    rule: "gemini/enum-value",
    provider: "gemini",
    accepted: [wire("gemini", "rank", object({ depth: { type: "string", enum: ["0", "1"] } }))],
    rejected: [wire("gemini", "rank", object({ depth: { type: "string", enum: [0, 1] } }))],
    message:
      "Invalid value at 'tools[0].function_declarations[0].parameters.properties[0].value.enum[0]' (TYPE_STRING), 0",
    path: "tools[0].functionDeclarations[0].parameters.properties.depth",
  },
  {
    rule: "gemini/array-items",
    provider: "gemini",
    accepted: [
      wire("gemini", "scrape", object({ includeTags: { type: "array", items: { type: "string" } } })),
    ],
    rejected: [wire("gemini", "scrape", object({ includeTags: { type: "array" } }))],
    message:
      "GenerateContentRequest.tools[0].function_declarations[0].parameters.properties[includeTags].items: missing field.",
    path: "tools[0].functionDeclarations[0].parameters.properties.includeTags",
  },
  {
    rule: "gemini/string-format",
    provider: "gemini",
    accepted: [
      wire(
        "gemini",
        "at",
        object({ when: { type: "string", format: "date-time" }, n: { type: "integer", format: "int64" } }),
      ),
    ],
    rejected: [wire("gemini", "at", object({ site: { type: "string", format: "uri" } }))],
    message:
      "GenerateContentRequest.tools[0].function_declarations[0].parameters.properties[site].format: only 'enum' and 'date-time' are supported for STRING type",
    path: "tools[0].functionDeclarations[0].parameters.properties.site",
  },
];

describe("Gemini's rules, each quoting the Gemini API's refusal", () => {
  test.each(CASES)("$rule: $message", (row) => expectRuleCase(row));

  test("a schema under an unknown field is that field's error alone, not its children's", () => {
    const tool = wire("gemini", "x", { ...object({}), $defs: { a: { type: "array", const: 1 } } });
    expect(judgeTools("gemini", [tool]).map((found) => found.message)).toEqual([
      "Invalid JSON payload received. Unknown name \"$defs\" at 'tools[0].function_declarations[0].parameters': Cannot find field.",
    ]);
  });

  test("tooldeck's own schema keywords are refused unless a client strips them", () => {
    const ours = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { id: { type: "string" } },
      additionalProperties: false,
      propertyNames: { enum: ["id"] },
    };
    expect(judgeTools("gemini", [wire("gemini", "get_event", ours)]).map((found) => found.path)).toEqual([
      "tools[0].functionDeclarations[0].parameters.$schema",
      "tools[0].functionDeclarations[0].parameters.additionalProperties",
      "tools[0].functionDeclarations[0].parameters.propertyNames",
    ]);
  });
});

describe("Vertex AI", () => {
  test("accepts what its Schema adds (additionalProperties) and refuses what Gemini's also refuses", () => {
    expectRuleCase({
      rule: "vertex/unknown-field",
      provider: "vertex",
      accepted: [wire("vertex", "w", { ...object({}), additionalProperties: false })],
      rejected: [wire("vertex", "w", { ...object({}), $schema: "x" })],
      message:
        "Invalid JSON payload received. Unknown name \"$schema\" at 'tools[0].function_declarations[0].parameters': Cannot find field.",
      path: "tools[0].functionDeclarations[0].parameters.$schema",
    });
  });
});
