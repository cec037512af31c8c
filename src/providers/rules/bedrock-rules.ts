import { isPlainObject } from "../../json/json-value.js";
import { closedObjects, duplicateNames, topLevelKeyFindings } from "./anthropic-rules.js";
import { type ProviderRule, perTool, toolPath } from "./provider-rule.js";
import { typesOf, walkSchema } from "./schema-walk.js";

/**
 * Amazon Bedrock's Converse API: its own constraints on `toolSpec` (AWS's validation, 1-based member
 * indexes), and Anthropic's checks, which Claude models on Bedrock apply to the tools Converse passes on.
 */

/** Where AWS's validation says an error is: `toolConfig.tools.1.member.toolSpec.name` (members count from 1). */
function awsPlace(index: number, field: string): string {
  return `toolConfig.tools.${index + 1}.member.toolSpec.${field}`;
}

/**
 * AWS's text for a value failing a constraint: `Value '' at 'toolConfig.tools.1.member.toolSpec.name' failed to
 * satisfy constraint: …`, the value quoted as sent (BerriAI/litellm#19384).
 */
function awsConstraint(value: string, index: number, field: string, constraint: string): string {
  return `Value '${value}' at '${awsPlace(index, field)}' failed to satisfy constraint: ${constraint}`;
}

export const BEDROCK_NAME_PATTERN: ProviderRule = {
  id: "bedrock/name-pattern",
  summary: "a tool name has a character other than letters, digits, `_` and `-`",
  source: "https://github.com/aws-samples/remote-swe-agents/pull/457",
  confirmed: "2026-09-07",
  quoted: true,
  // An empty name breaks the pattern as well as the length (both refusals are in BerriAI/litellm#19384).
  judge: perTool((tool, index) =>
    /^[a-zA-Z0-9_-]+$/.test(tool.name)
      ? []
      : [
          {
            path: toolPath(tool, "name"),
            tool: index,
            message: awsConstraint(
              tool.name,
              index,
              "name",
              "Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
            ),
          },
        ],
  ),
};

export const BEDROCK_NAME_LENGTH: ProviderRule = {
  id: "bedrock/name-length",
  summary: "a tool name is empty or longer than 64 characters",
  source: "https://github.com/BerriAI/litellm/issues/19384",
  confirmed: "2026-11-29",
  // Quoted for an empty name (litellm#19384); the upper bound is the ToolSpecification reference's, in
  // the same wording.
  quoted: true,
  judge: perTool((tool, index) => {
    const { length } = tool.name;
    if (length >= 1 && length <= 64) return [];
    const bound = length < 1 ? "greater than or equal to 1" : "less than or equal to 64";
    return [
      {
        path: toolPath(tool, "name"),
        tool: index,
        message: awsConstraint(tool.name, index, "name", `Member must have length ${bound}`),
      },
    ];
  }),
};

export const BEDROCK_DESCRIPTION_LENGTH: ProviderRule = {
  id: "bedrock/description-length",
  summary: "a tool description is sent empty",
  source: "https://github.com/BerriAI/litellm/issues/19384",
  confirmed: "2026-11-29",
  quoted: true,
  judge: perTool((tool, index) =>
    tool.description === ""
      ? [
          {
            path: toolPath(tool, "description"),
            tool: index,
            message: awsConstraint(
              "",
              index,
              "description",
              "Member must have length greater than or equal to 1",
            ),
          },
        ]
      : [],
  ),
};

export const BEDROCK_PROPERTY_KEY: ProviderRule = {
  id: "bedrock/property-key",
  summary: "a top-level property key is not 1–64 letters, digits, `_`, `.` or `-` (Claude models)",
  source:
    "https://github.com/aws-solutions-library-samples/accelerated-intelligent-document-processing-on-aws/issues/709",
  confirmed: "2026-08-31",
  quoted: true,
  judge: perTool((tool, index, request) =>
    topLevelKeyFindings(
      tool,
      index,
      request.schemaKey,
      `ValidationException: tools.${index}.custom.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'`,
    ),
  ),
};

export const BEDROCK_ROOT_OBJECT: ProviderRule = {
  id: "bedrock/root-object",
  summary: "`inputSchema.json` is untyped or typed other than `object`",
  source: "https://github.com/aaif-goose/goose/pull/5064",
  confirmed: "2025-10-08",
  quoted: true,
  // This refusal counts tools from 0 (`toolConfig.tools.3.toolSpec…`), unlike AWS's member validation.
  judge: perTool((tool, index, request) => {
    const schema = tool.parameters;
    if (!isPlainObject(schema)) return [];
    const types = typesOf(schema);
    if (types.length === 1 && types[0] === "object") return [];
    return [
      {
        path: toolPath(tool, request.schemaKey, "type"),
        tool: index,
        message: `The value at toolConfig.tools.${index}.toolSpec.inputSchema.json.type must be one of the following: object.`,
      },
    ];
  }),
};

/** A JSON value's type as Bedrock's schema validator names it: `null`, `array`, `string`, `integer`. */
function jsonTypeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** The keywords Bedrock's validator checks the JSON type of, and the type each must be. */
const KEYWORD_TYPES = [
  ["properties", "object", isPlainObject],
  ["required", "array", Array.isArray],
] as const;

export const BEDROCK_JSON_SCHEMA: ProviderRule = {
  id: "bedrock/json-schema",
  summary: "`properties` that is not an object (`null`) or `required` that is not an array, at any depth",
  source: "https://github.com/maximhq/bifrost/issues/1720",
  confirmed: "2026-02-21",
  // Quoted for properties: null; required is the same validator's check, in the same words.
  quoted: true,
  judge: perTool((tool, index, request) => {
    for (const node of walkSchema(tool.parameters)) {
      for (const [keyword, expected, isExpected] of KEYWORD_TYPES) {
        const value = node.schema[keyword];
        if (!(keyword in node.schema) || isExpected(value)) continue;
        const at = ["$", ...node.keys.map(String), keyword].join(".");
        return [
          {
            path: toolPath(tool, request.schemaKey, ...node.keys, keyword),
            tool: index,
            message: `The json schema definition at toolConfig.tools.${index}.toolSpec.inputSchema is invalid. Fix the following errors and try again: ${at}: ${jsonTypeName(value)} found, ${expected} expected`,
          },
        ];
      }
    }
    return [];
  }),
};

export const BEDROCK_UNIQUE_NAMES: ProviderRule = {
  id: "bedrock/unique-names",
  summary: "two tools of one agent share a name (Claude models)",
  source: "https://github.com/anthropics/claude-code/issues/10687",
  confirmed: "2026-05-17",
  // Anthropic's text; how Bedrock wraps it is not quoted anywhere.
  quoted: false,
  judge: (tools) => duplicateNames(tools, () => "tools: Tool names must be unique."),
};

export const BEDROCK_STRICT_ADDITIONAL_PROPERTIES: ProviderRule = {
  id: "bedrock/strict-additional-properties",
  summary:
    "an object schema of a tool sent with `strict: true` does not set `additionalProperties: false` (Claude models)",
  source: "https://github.com/vercel/ai/issues/20681",
  confirmed: "2026-09-12",
  quoted: true,
  judge: closedObjects(),
};

/** The rules of the `bedrock` profile (the Converse API). */
export const BEDROCK_RULES: readonly ProviderRule[] = [
  BEDROCK_UNIQUE_NAMES,
  BEDROCK_NAME_PATTERN,
  BEDROCK_NAME_LENGTH,
  BEDROCK_DESCRIPTION_LENGTH,
  BEDROCK_ROOT_OBJECT,
  BEDROCK_JSON_SCHEMA,
  BEDROCK_PROPERTY_KEY,
  BEDROCK_STRICT_ADDITIONAL_PROPERTIES,
];
