import { isPlainObject } from "../../json/json-value.js";
import type { WireTool } from "../wire-tool.js";
import { invalidSchema } from "./openai-rules.js";
import { type ProviderRule, perSchema, perTool, type RequestShape, schemaPath } from "./provider-rule.js";
import { isObjectSchema, walkSchema } from "./schema-walk.js";

/**
 * OpenAI's strict mode (Structured Outputs for function calling, `strict: true`): every object closed and
 * every property required, within documented limits. Each judges only the tools sent strict.
 */

const STRUCTURED_OUTPUTS = "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas";
const strict = (tool: WireTool, request: RequestShape) => request.isStrict(tool);

export const OPENAI_STRICT_ADDITIONAL_PROPERTIES: ProviderRule = {
  id: "openai-strict/additional-properties",
  summary: "an object schema of a strict tool does not set `additionalProperties: false`",
  source: "https://github.com/letta-ai/letta/issues/3137",
  confirmed: "2026-11-29",
  quoted: true,
  judge: perSchema(
    (node, tool) =>
      isObjectSchema(node.schema) && node.schema.additionalProperties !== false
        ? invalidSchema(tool, node.keys, "'additionalProperties' is required to be supplied and to be false.")
        : undefined,
    strict,
  ),
};

export const OPENAI_STRICT_REQUIRED_ALL: ProviderRule = {
  id: "openai-strict/required-all",
  summary: "an object schema of a strict tool does not list every property in `required`",
  source: STRUCTURED_OUTPUTS,
  confirmed: "2026-11-29",
  // The documented rule ("all fields must be required"); the wording is tooldeck's.
  quoted: false,
  judge: perSchema((node, tool) => {
    const { properties, required } = node.schema;
    if (!isPlainObject(properties)) return undefined;
    const listed = new Set(Array.isArray(required) ? required : []);
    const missing = Object.keys(properties).find((key) => !listed.has(key));
    return missing === undefined
      ? undefined
      : invalidSchema(
          tool,
          node.keys,
          `'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`,
        );
  }, strict),
};

/** Keywords strict mode does not support (Structured Outputs, "Some type-specific keywords are not yet supported"). */
const UNSUPPORTED = [
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "dependentRequired",
  "dependentSchemas",
  "patternProperties",
];

export const OPENAI_STRICT_UNSUPPORTED_KEYWORD: ProviderRule = {
  id: "openai-strict/unsupported-keyword",
  summary: "a strict tool's schema uses a composition keyword strict mode does not support",
  source: STRUCTURED_OUTPUTS,
  confirmed: "2026-11-29",
  quoted: false,
  judge: perSchema((node, tool) => {
    const keyword = UNSUPPORTED.find((key) => key in node.schema);
    // A root anyOf is refused outside strict mode too, in OpenAI's words (openai/root-composition).
    return keyword
      ? invalidSchema(tool, node.keys, `'${keyword}' is not supported in strict mode.`)
      : undefined;
  }, strict),
};

/** The string formats strict mode supports (Structured Outputs, "Supported properties"). */
const STRICT_FORMATS = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);

export const OPENAI_STRICT_FORMAT: ProviderRule = {
  id: "openai-strict/format",
  summary:
    "a strict tool's schema has a `format` strict mode does not support (other than date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid)",
  source: "https://github.com/can1357/oh-my-pi/issues/206",
  confirmed: "2026-02-28",
  quoted: true,
  judge: perSchema(({ schema, keys }, tool) => {
    const { format } = schema;
    return typeof format === "string" && !STRICT_FORMATS.has(format)
      ? invalidSchema(tool, keys, `'${format}' is not a valid format.`)
      : undefined;
  }, strict),
};

export const OPENAI_STRICT_NESTING: ProviderRule = {
  id: "openai-strict/nesting-depth",
  summary: "a strict tool's schema nests objects more than 10 levels deep",
  source: "https://github.com/tidyverse/ellmer/issues/671",
  confirmed: "2026-11-29",
  // OpenAI's text as quoted for a response format when the limit was 5; the limit is 10 since.
  quoted: false,
  judge: perTool((tool, index, request) => {
    if (!request.isStrict(tool)) return [];
    for (const node of walkSchema(tool.parameters)) {
      // The root object is level 0: "up to 10 levels of nesting" below it.
      if (node.depth - 1 > 10)
        return [
          {
            path: schemaPath(tool, request, node.keys),
            tool: index,
            message: `Invalid schema for function '${tool.name}': ${node.depth - 1} levels of nesting exceeds limit of 10.`,
          },
        ];
    }
    return [];
  }),
};

/** Strict mode's limits across one tool's schema: 5,000 properties, 1,000 enum values. */
export const OPENAI_STRICT_SIZE: ProviderRule = {
  id: "openai-strict/schema-size",
  summary: "a strict tool's schema has more than 5,000 properties or 1,000 enum values in all",
  source: STRUCTURED_OUTPUTS,
  confirmed: "2026-11-29",
  quoted: false,
  judge: perTool((tool, index, request) => {
    if (!request.isStrict(tool)) return [];
    let properties = 0;
    let enumValues = 0;
    for (const { schema } of walkSchema(tool.parameters)) {
      if (isPlainObject(schema.properties)) properties += Object.keys(schema.properties).length;
      if (Array.isArray(schema.enum)) enumValues += schema.enum.length;
    }
    const path = schemaPath(tool, request, []);
    const found = [];
    if (properties > 5000)
      found.push({
        path,
        tool: index,
        message: invalidSchema(
          tool,
          [],
          `the schema has ${properties} object properties in all (the limit is 5000).`,
        ),
      });
    if (enumValues > 1000)
      found.push({
        path,
        tool: index,
        message: invalidSchema(
          tool,
          [],
          `the schema has ${enumValues} enum values in all (the limit is 1000).`,
        ),
      });
    return found;
  }),
};

/** Strict mode's own rules, judging the tools sent strict (added to the `openai` profile's). */
export const OPENAI_STRICT_RULES: readonly ProviderRule[] = [
  OPENAI_STRICT_ADDITIONAL_PROPERTIES,
  OPENAI_STRICT_REQUIRED_ALL,
  OPENAI_STRICT_UNSUPPORTED_KEYWORD,
  OPENAI_STRICT_FORMAT,
  OPENAI_STRICT_NESTING,
  OPENAI_STRICT_SIZE,
];
