import { isPlainObject } from "../../json/json-value.js";
import type { WireTool } from "../wire-tool.js";
import {
  type ProviderRule,
  perParameters,
  perSchema,
  perTool,
  schemaPath,
  toolPath,
} from "./provider-rule.js";
import { notSchemas } from "./schema-shape.js";
import { type SchemaNode, typesOf, walkSchema } from "./schema-walk.js";

/** OpenAI's Chat Completions and Responses APIs: tool names, counts, descriptions, parameter schemas. */

/** `('properties', 'texts')`: a schema's keys as OpenAI's `In context=…` writes them (a Python tuple). */
export function openAiContext(keys: readonly (string | number)[]): string {
  const items = keys.map((key) => `'${String(key)}'`);
  return items.length === 1 ? `(${items[0]},)` : `(${items.join(", ")})`;
}

/** The envelope of OpenAI's refusals of a parameter schema. */
export function invalidSchema(tool: WireTool, keys: readonly (string | number)[], problem: string): string {
  return `Invalid schema for function '${tool.name}': In context=${openAiContext(keys)}, ${problem}`;
}

export const OPENAI_NAME_PATTERN: ProviderRule = {
  id: "openai/name-pattern",
  summary: "a tool name has a character other than letters, digits, `_` and `-`",
  source: "https://github.com/hackers365/xiaozhi-esp32-server-golang/issues/268",
  confirmed: "2026-05-24",
  quoted: true,
  judge: perTool((tool, index) =>
    /^[a-zA-Z0-9_-]+$/.test(tool.name)
      ? []
      : [
          {
            path: toolPath(tool, "name"),
            tool: index,
            message: `Invalid '${toolPath(tool, "name")}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
          },
        ],
  ),
};

export const OPENAI_NAME_LENGTH: ProviderRule = {
  id: "openai/name-length",
  summary: "a tool name is longer than 64 characters",
  source: "https://github.com/ravitemer/mcphub.nvim/pull/243",
  confirmed: "2025-09-08",
  quoted: true,
  judge: perTool((tool, index) =>
    tool.name.length <= 64
      ? []
      : [
          {
            path: toolPath(tool, "name"),
            tool: index,
            message: `Invalid '${toolPath(tool, "name")}': string too long. Expected a string with maximum length 64, but got a string with length ${tool.name.length} instead.`,
          },
        ],
  ),
};

/** The most characters OpenAI takes in a tool's description. */
export const OPENAI_MAX_DESCRIPTION = 1024;

export const OPENAI_DESCRIPTION_LENGTH: ProviderRule = {
  id: "openai/description-length",
  summary: "a tool description is longer than 1024 characters",
  source: "https://github.com/getsentry/sentry-mcp/issues/106",
  confirmed: "2025-04-25",
  quoted: true,
  judge: perTool((tool, index) => {
    const length = tool.description?.length ?? 0;
    if (length <= OPENAI_MAX_DESCRIPTION) return [];
    const path = toolPath(tool, "description");
    return [
      {
        path,
        tool: index,
        message: `Invalid '${path}': string too long. Expected a string with maximum length ${OPENAI_MAX_DESCRIPTION}, but got a string with length ${length} instead.`,
      },
    ];
  }),
};

export const OPENAI_TOOL_COUNT: ProviderRule = {
  id: "openai/tool-count",
  summary: "an agent sends more than 128 tools",
  source: "https://github.com/zed-industries/zed/issues/32946",
  confirmed: "2025-11-29",
  quoted: true,
  judge: (tools) =>
    tools.length <= 128
      ? []
      : [
          {
            path: "tools",
            message: `Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length ${tools.length} instead.`,
          },
        ],
};

export const OPENAI_ARRAY_ITEMS: ProviderRule = {
  id: "openai/array-items",
  summary: "an array schema has no `items`",
  source: "https://github.com/mark3labs/mcphost/issues/35",
  confirmed: "2026-02-14",
  quoted: true,
  judge: perSchema((node, tool) => {
    const at = arrayWithoutItems(node);
    return at === undefined ? undefined : invalidSchema(tool, at, "array schema missing items.");
  }),
};

/**
 * Where OpenAI says an array schema misses `items`: the schema's keys, or with a type list, the keys of
 * `array` in it (`('properties', 'arguments', 'type', '0')`, as tidewave_phoenix#224 quotes).
 */
export function arrayWithoutItems(node: SchemaNode): (string | number)[] | undefined {
  const { schema } = node;
  if ("items" in schema || "prefixItems" in schema) return undefined;
  if (schema.type === "array") return [...node.keys];
  const index = Array.isArray(schema.type) ? schema.type.indexOf("array") : -1;
  return index === -1 ? undefined : [...node.keys, "type", String(index)];
}

/** `"string"` → `"string"`, absent → `null`: the root's type as OpenAI's answer writes it. */
function rootTypeText(types: readonly string[]): string {
  return types.length === 0 ? "null" : `"${types.join(", ")}"`;
}

export const OPENAI_ROOT_OBJECT: ProviderRule = {
  id: "openai/root-object",
  summary: "the parameters' root schema is untyped or typed other than `object` (an empty `{}` is taken)",
  source: "https://github.com/alibaba/spring-ai-alibaba/issues/4576",
  confirmed: "2026-04-29",
  // An untyped root draws 'type: null' (chatanywhere/GPT_API_free#403, 2025-06-19); `{}` is the documented
  // way to send no parameters, so it is not judged.
  quoted: true,
  judge: perSchema((node, tool) => {
    if (node.keys.length > 0 || Object.keys(node.schema).length === 0) return undefined;
    const types = typesOf(node.schema);
    if (types.length === 1 && types[0] === "object") return undefined;
    return `Invalid schema for function '${tool.name}': schema must be a JSON Schema of 'type: "object"', got 'type: ${rootTypeText(types)}'.`;
  }),
};

/** Keywords OpenAI refuses at the root of an object-typed parameters schema. */
const ROOT_COMPOSITION = ["oneOf", "anyOf", "allOf", "enum", "not"];

export const OPENAI_ROOT_COMPOSITION: ProviderRule = {
  id: "openai/root-composition",
  summary: "the parameters' root schema has `oneOf`, `anyOf`, `allOf`, `enum` or `not`",
  source: "https://github.com/cecli-dev/cecli/issues/281",
  confirmed: "2025-12-19",
  quoted: true,
  // An untyped root is openai/root-object's refusal (GPT_API_free#403 got that one first).
  judge: perSchema((node, tool) => {
    if (node.keys.length > 0 || typesOf(node.schema).join() !== "object") return undefined;
    if (!ROOT_COMPOSITION.some((key) => key in node.schema)) return undefined;
    return `Invalid schema for function '${tool.name}': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.`;
  }),
};

/** A JSON value as OpenAI's validator (Python) prints it: `'object'`, `[]`, `None`. */
function pythonRepr(value: unknown): string {
  if (typeof value === "string") return `'${value}'`;
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  return String(value);
}

/** Where a keyword's value has the wrong JSON type: `properties` not a map, `required` not a list. */
function misTypedKeyword(
  parameters: unknown,
): { keys: (string | number)[]; value: unknown; expected: string } | undefined {
  for (const { schema, keys } of walkSchema(parameters)) {
    if ("properties" in schema && !isPlainObject(schema.properties))
      return { keys: [...keys, "properties"], value: schema.properties, expected: "'object'" };
    if ("required" in schema && !Array.isArray(schema.required))
      return { keys: [...keys, "required"], value: schema.required, expected: "'array'" };
  }
  return undefined;
}

export const OPENAI_SCHEMA_SHAPE: ProviderRule = {
  id: "openai/schema-shape",
  summary:
    'a value of the wrong JSON type in the parameters: something else where a schema belongs (`"type": "object"` as a property, `[]`), `properties` not a map, `required` not a list',
  source: "https://github.com/promptfoo/promptfoo/issues/5960",
  confirmed: "2025-10-17",
  // OpenAI answers the first such value of a tool (OpenManus#1162 quotes `[]` for a schema, 2025-06-11;
  // maltekuhr/laravel-gpt#8 `[] is not of type 'object'` for properties, 2024-03-13; yomorun/yomo#860
  // `None is not of type 'array'` for required, 2024-07-17).
  quoted: true,
  judge: perParameters((tool, index, request) => {
    const [misplaced] = notSchemas(tool.parameters);
    const found = misplaced
      ? { ...misplaced, expected: "'object', 'boolean'" }
      : misTypedKeyword(tool.parameters);
    if (!found) return [];
    return [
      {
        path: schemaPath(tool, request, found.keys),
        tool: index,
        message: `Invalid schema for function '${tool.name}': ${pythonRepr(found.value)} is not of type ${found.expected}.`,
      },
    ];
  }),
};

/** The rules of the `openai` profile, in the order findings are reported. */
export const OPENAI_RULES: readonly ProviderRule[] = [
  OPENAI_TOOL_COUNT,
  OPENAI_NAME_PATTERN,
  OPENAI_NAME_LENGTH,
  OPENAI_DESCRIPTION_LENGTH,
  OPENAI_ROOT_OBJECT,
  OPENAI_ROOT_COMPOSITION,
  OPENAI_SCHEMA_SHAPE,
  OPENAI_ARRAY_ITEMS,
];
