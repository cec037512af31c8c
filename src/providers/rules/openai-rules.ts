import type { WireTool } from "../wire-tool.js";
import { type ProviderRule, perSchema, perTool, toolPath } from "./provider-rule.js";
import { type SchemaNode, typesOf } from "./schema-walk.js";

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
  source: "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools",
  confirmed: "2026-11-29",
  // OpenAI's wording of a too-long string, as it answers for descriptions (openai/description-length);
  // no public report quotes it for a name.
  quoted: false,
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

export const OPENAI_ROOT_OBJECT: ProviderRule = {
  id: "openai/root-object",
  summary: "the parameters' root schema is typed other than `object`",
  source: "https://platform.openai.com/docs/guides/function-calling#defining-functions",
  confirmed: "2026-11-29",
  quoted: false,
  judge: perSchema((node, tool) => {
    if (node.keys.length > 0) return undefined;
    const types = typesOf(node.schema);
    if (types.length === 0 || (types.length === 1 && types[0] === "object")) return undefined;
    return `Invalid schema for function '${tool.name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${types.join(", ")}"'.`;
  }),
};

/** The rules of the `openai` profile, in the order findings are reported. */
export const OPENAI_RULES: readonly ProviderRule[] = [
  OPENAI_TOOL_COUNT,
  OPENAI_NAME_PATTERN,
  OPENAI_NAME_LENGTH,
  OPENAI_DESCRIPTION_LENGTH,
  OPENAI_ROOT_OBJECT,
  OPENAI_ARRAY_ITEMS,
];
