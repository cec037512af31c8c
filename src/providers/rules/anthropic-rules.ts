import { isPlainObject } from "../../json/json-value.js";
import type { WireTool } from "../wire-tool.js";
import {
  type ProviderRule,
  perParameters,
  perSchema,
  perTool,
  type RequestShape,
  type RuleFinding,
  schemaPath,
  toolPath,
} from "./provider-rule.js";
import { invalidKeyword, notSchemas } from "./schema-shape.js";
import { isObjectSchema, typesOf, walkSchema } from "./schema-walk.js";

/** Anthropic's Messages API: custom tools' names, uniqueness, `input_schema`. */

/** Where Anthropic says an error is: `tools.3.custom.name` (its validator names a custom tool so). */
function anthropicPlace(index: number, ...keys: string[]): string {
  return [`tools.${index}.custom`, ...keys].join(".");
}

export const ANTHROPIC_NAME_PATTERN: ProviderRule = {
  id: "anthropic/name-pattern",
  summary: "a tool name is empty or has a character other than letters, digits, `_` or `-`",
  source: "https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1345",
  confirmed: "2025-08-14",
  quoted: true,
  // A name of legal characters that is only too long draws anthropic/name-length's text instead.
  judge: perTool((tool, index) =>
    /^[a-zA-Z0-9_-]+$/.test(tool.name)
      ? []
      : [
          {
            path: toolPath(tool, "name"),
            tool: index,
            message: `${anthropicPlace(index, "name")}: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`,
          },
        ],
  ),
};

/** The most characters Anthropic takes in a tool name (64 until 2025, 128 since). */
export const ANTHROPIC_MAX_NAME = 128;

export const ANTHROPIC_NAME_LENGTH: ProviderRule = {
  id: "anthropic/name-length",
  summary: "a tool name is longer than 128 characters",
  source: "https://github.com/anthropics/claude-code/issues/96152",
  confirmed: "2026-09-22",
  quoted: true,
  judge: perTool((tool, index) =>
    tool.name.length <= ANTHROPIC_MAX_NAME
      ? []
      : [
          {
            path: toolPath(tool, "name"),
            tool: index,
            message: `${anthropicPlace(index, "name")}: String should have at most ${ANTHROPIC_MAX_NAME} characters`,
          },
        ],
  ),
};

/**
 * Anthropic checks the keys of `input_schema.properties` only, not nested objects' (decocms/studio#6874:
 * "Only top-level keys … that is what the upstream 400 validates"), so nested keys are not judged.
 */
export function topLevelKeyFindings(
  tool: WireTool,
  index: number,
  schemaKey: string,
  message: string,
): RuleFinding[] {
  const schema = tool.parameters;
  if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return [];
  const bad = Object.keys(schema.properties).find((key) => !/^[a-zA-Z0-9_.-]{1,64}$/.test(key));
  if (bad === undefined) return [];
  return [{ path: `${toolPath(tool, schemaKey, "properties")}.${bad}`, tool: index, message }];
}

export const ANTHROPIC_PROPERTY_KEY: ProviderRule = {
  id: "anthropic/property-key",
  summary: "a top-level property key is not 1–64 letters, digits, `_`, `.` or `-`",
  source: "https://github.com/decocms/studio/pull/6874",
  confirmed: "2026-09-02",
  quoted: true,
  judge: perTool((tool, index, request) =>
    topLevelKeyFindings(
      tool,
      index,
      request.schemaKey,
      `${anthropicPlace(index, "input_schema", "properties")}: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'`,
    ),
  ),
};

/** Tools sharing a name: the second and later of each name. */
export function duplicateNames(
  tools: readonly WireTool[],
  message: (tool: WireTool, index: number) => string,
): RuleFinding[] {
  const seen = new Set<string>();
  const found: RuleFinding[] = [];
  tools.forEach((tool, index) => {
    if (seen.has(tool.name))
      found.push({ path: toolPath(tool, "name"), tool: index, message: message(tool, index) });
    seen.add(tool.name);
  });
  return found;
}

export const ANTHROPIC_UNIQUE_NAMES: ProviderRule = {
  id: "anthropic/unique-names",
  summary: "two tools of one agent share a name",
  source: "https://github.com/anthropics/claude-code/issues/10687",
  confirmed: "2026-05-17",
  quoted: true,
  judge: (tools) => duplicateNames(tools, () => "tools: Tool names must be unique."),
};

export const ANTHROPIC_ROOT_OBJECT: ProviderRule = {
  id: "anthropic/root-object",
  summary: "`input_schema` is untyped or typed other than `object`",
  source: "https://github.com/lidge-jun/opencodex/issues/75",
  confirmed: "2026-07-09",
  // Quoted for an untyped root (Field required); the answer to another type is tooldeck's wording of
  // the documented rule, in the same validator's style.
  quoted: true,
  judge: perSchema((node, _tool, index) => {
    if (node.keys.length > 0) return undefined;
    const types = typesOf(node.schema);
    if (types.length === 1 && types[0] === "object") return undefined;
    const place = anthropicPlace(index, "input_schema", "type");
    return types.length === 0 ? `${place}: Field required` : `${place}: Input should be 'object'`;
  }),
};

export const ANTHROPIC_ROOT_COMPOSITION: ProviderRule = {
  id: "anthropic/root-composition",
  summary: "`input_schema` has `oneOf`, `allOf` or `anyOf` at the top level",
  source: "https://github.com/Hmbown/Codewhale/issues/4329",
  confirmed: "2026-07-12",
  quoted: true,
  judge: perSchema((node, _tool, index) =>
    node.keys.length === 0 && ["oneOf", "allOf", "anyOf"].some((key) => key in node.schema)
      ? `${anthropicPlace(index, "input_schema")}: input_schema does not support oneOf, allOf, or anyOf at the top level`
      : undefined,
  ),
};

/**
 * Anthropic checks `input_schema` against JSON Schema 2020-12's meta-schema and names the tool only, once
 * (anthropics/anthropic-sdk-java#241: properties written as type names). The link at the end moved with
 * Anthropic's docs (docs.anthropic.com, docs.claude.com, platform.claude.com): the newest is given.
 */
export const ANTHROPIC_JSON_SCHEMA: ProviderRule = {
  id: "anthropic/json-schema",
  summary:
    '`input_schema` is not valid JSON Schema 2020-12: a schema written as something else (`"x": "number"`), a `type` naming no type, `required` not a list of names',
  source: "https://github.com/anthropics/claude-code/issues/86665",
  confirmed: "2026-08-14",
  quoted: true,
  judge: perParameters((tool, index, request) => {
    const misplaced = notSchemas(tool.parameters)[0];
    const invalid = misplaced
      ? undefined
      : walkSchema(tool.parameters).find((node) => invalidKeyword(node.schema) !== undefined);
    const keys = misplaced?.keys ?? invalid?.keys;
    if (keys === undefined) return [];
    return [
      {
        path: schemaPath(tool, request, keys),
        tool: index,
        message: `${anthropicPlace(index, "input_schema")}: JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview.`,
      },
    ];
  }),
};

/** The rules of the `anthropic` profile. */
export const ANTHROPIC_RULES: readonly ProviderRule[] = [
  ANTHROPIC_UNIQUE_NAMES,
  ANTHROPIC_NAME_PATTERN,
  ANTHROPIC_NAME_LENGTH,
  ANTHROPIC_ROOT_OBJECT,
  ANTHROPIC_ROOT_COMPOSITION,
  ANTHROPIC_PROPERTY_KEY,
  ANTHROPIC_JSON_SCHEMA,
];

const STRICT_TOOL_USE =
  "https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations";

const strict = (tool: WireTool, request: RequestShape) => request.isStrict(tool);

/**
 * Strict tool use's refusal of an open object, as Claude's validator words it (vercel/ai#20681 reproduces it
 * through Bedrock's Converse, the same text for a nested object): the profiles that pass strict tools to
 * Claude share it.
 */
export function closedObjects(): ProviderRule["judge"] {
  return perSchema(
    ({ schema }, _tool, index) =>
      isObjectSchema(schema) && schema.additionalProperties !== false
        ? `${anthropicPlace(index)}: For 'object' type, 'additionalProperties' must be explicitly set to false`
        : undefined,
    strict,
  );
}

export const ANTHROPIC_STRICT_ADDITIONAL_PROPERTIES: ProviderRule = {
  id: "anthropic-strict/additional-properties",
  summary: "an object schema of a strict tool does not set `additionalProperties: false`",
  source: "https://github.com/vercel/ai/issues/20681",
  confirmed: "2026-09-12",
  quoted: true,
  judge: closedObjects(),
};

/** Constraints strict tool use does not support (its docs' "JSON Schema limitations"). */
const ANTHROPIC_STRICT_UNSUPPORTED = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
];

export const ANTHROPIC_STRICT_UNSUPPORTED_KEYWORD: ProviderRule = {
  id: "anthropic-strict/unsupported-keyword",
  summary:
    "a strict tool's schema uses a numeric or string-length constraint strict tool use does not support",
  source: STRICT_TOOL_USE,
  confirmed: "2026-11-29",
  quoted: false,
  judge: perSchema(({ schema }, _tool, index) => {
    const keyword = ANTHROPIC_STRICT_UNSUPPORTED.find((key) => key in schema);
    return keyword
      ? `${anthropicPlace(index, "input_schema")}: '${keyword}' is not supported in strict mode`
      : undefined;
  }, strict),
};

/** Strict tool use's own rules, judging the tools sent strict (added to the `anthropic` profile's). */
export const ANTHROPIC_STRICT_RULES: readonly ProviderRule[] = [
  ANTHROPIC_STRICT_ADDITIONAL_PROPERTIES,
  ANTHROPIC_STRICT_UNSUPPORTED_KEYWORD,
];
