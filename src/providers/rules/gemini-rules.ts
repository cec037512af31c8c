import { isPlainObject } from "../../json/json-value.js";
import type { WireTool } from "../wire-tool.js";
import { fieldSet, parserPlace, propertyChain, reachable, validatorPlace } from "./google-places.js";
import {
  type ProviderRule,
  perParameters,
  perSchema,
  perTool,
  schemaPath,
  toolPath,
} from "./provider-rule.js";
import { notSchemas } from "./schema-shape.js";
import { type SchemaNode, walkSchema } from "./schema-walk.js";

/**
 * Google's Gemini API and Vertex AI: a function declaration's `parameters` is Google's `Schema` message (an
 * OpenAPI subset), parsed as protobuf JSON, so any other JSON Schema keyword is an unknown field.
 */

/** The fields of Gemini's `Schema` (https://ai.google.dev/api/caching#Schema), in both JSON spellings. */
const GEMINI_FIELDS = [
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
];
/** Vertex AI's `Schema` has these too (https://cloud.google.com/vertex-ai/docs/reference/rest/v1/Schema). */
const VERTEX_FIELDS = [...GEMINI_FIELDS, "additionalProperties", "ref", "defs"];

const TYPES = new Set([
  "type_unspecified",
  "string",
  "number",
  "integer",
  "boolean",
  "array",
  "object",
  "null",
]);

/** The most function declarations one request takes (the Gemini API's and Vertex AI's, gemini-cli#26869). */
const GOOGLE_MAX_DECLARATIONS = 512;

/** A JSON scalar: what Google's parser names by value when it expects a message. */
function isScalar(value: unknown): boolean {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function typeName(schema: Record<string, unknown>): string | undefined {
  return typeof schema.type === "string" ? schema.type.toLowerCase() : undefined;
}

interface GoogleApi {
  prefix: "gemini" | "vertex";
  fields: readonly string[];
  typeMessage: string;
  /** The protobuf type of a `Schema`, as a parse error names it. */
  schemaMessage: string;
  /** Whether the texts are this API's own (the Gemini API's); Vertex AI's answers are not quoted anywhere. */
  quoted: boolean;
  source: (gemini: string) => string;
}

function googleRules(api: GoogleApi): ProviderRule[] {
  const fields = fieldSet(api.fields);
  const rule = (
    id: string,
    summary: string,
    source: string,
    confirmed: string,
    judge: ProviderRule["judge"],
  ) => ({
    id: `${api.prefix}/${id}`,
    summary,
    source: api.source(source),
    confirmed,
    quoted: api.quoted,
    judge,
  });
  const inSchema = (judge: (node: SchemaNode, tool: WireTool, index: number) => string | undefined) =>
    perSchema((node, tool, index) => (reachable(node, fields) ? judge(node, tool, index) : undefined));
  return [
    rule(
      "tool-count",
      "an agent sends more than 512 function declarations",
      "https://github.com/google-gemini/gemini-cli/issues/25440",
      "2026-04-15",
      // Google's answer puts the violation on a line of its own ("invalid:\n  * tools…"): one line here.
      (tools) =>
        tools.length <= GOOGLE_MAX_DECLARATIONS
          ? []
          : [
              {
                path: "tools[0].functionDeclarations",
                message: `The GenerateContentRequest proto is invalid: * tools[0].function_declarations: [FIELD_INVALID] At most ${GOOGLE_MAX_DECLARATIONS} function declarations can be specified.`,
              },
            ],
    ),
    rule(
      "name-pattern",
      "a function name does not start with a letter or `_`, has a character other than letters, digits, `_`, `.`, `:`, `-`, or is longer than 64",
      "https://github.com/maximhq/bifrost/issues/1979",
      "2026-03-07",
      perTool((tool, index) =>
        /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/.test(tool.name)
          ? []
          : [
              {
                path: toolPath(tool, "name"),
                tool: index,
                message: `GenerateContentRequest.tools[0].function_declarations[${index}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.`,
              },
            ],
      ),
    ),
    rule(
      "unknown-field",
      "a schema keyword Google's `Schema` does not have (`additionalProperties`, `$schema`, `const`, `oneOf`, `$ref`…)",
      "https://github.com/zed-extensions/mcp-server-brave-search/issues/12",
      "2025-11-20",
      perParameters((tool, index, request) =>
        [...unknownFields(tool, index, fields)].map(({ keys, field, message }) => ({
          path: `${toolPath(tool, request.schemaKey)}${keys.map((key) => (typeof key === "number" ? `[${key}]` : `.${key}`)).join("")}.${field}`,
          tool: index,
          message,
        })),
      ),
    ),
    rule(
      "schema-value",
      "a value where a schema belongs that is not one (a property written as its type name)",
      "https://github.com/decolua/9router/issues/1081",
      "2026-05-13",
      perParameters((tool, index, request) =>
        notSchemas(tool.parameters)
          .filter(({ value, keys }) => isScalar(value) && reachable({ keys }, fields))
          .map(({ keys, value }) => ({
            path: schemaPath(tool, request, keys),
            tool: index,
            message: `Invalid value at '${parserPlace(index, { keys }, tool.parameters)}' (${api.schemaMessage}), ${JSON.stringify(value)}`,
          })),
      ),
    ),
    rule(
      "property-type",
      "a property schema without `type` (nor `anyOf` or a reference, which Vertex AI's `ref` stands alone for)",
      "https://github.com/google-gemini/gemini-cli/issues/4400",
      "2025-07-17",
      inSchema((node, tool) =>
        node.property !== undefined &&
        !["type", "anyOf", "any_of", "ref", "$ref"].some((key) => key in node.schema)
          ? `Unable to submit request because ${tool.name} functionDeclaration ${propertyChain(node)} schema didn't specify the schema type field.`
          : undefined,
      ),
    ),
    rule(
      "type-list",
      'a `type` given as a list (`["string", "null"]`) instead of one type and `nullable`',
      "https://github.com/zed-industries/zed/issues/53919",
      "2026-11-29",
      inSchema((node, tool, index) =>
        Array.isArray(node.schema.type)
          ? `Invalid JSON payload received. Unknown name "type" at '${parserPlace(index, node, tool.parameters)}': Proto field is not repeating, cannot start list.`
          : undefined,
      ),
    ),
    rule(
      "type-value",
      "a `type` Google's `Type` enum does not have (`enum`, `any`, `date`)",
      "https://github.com/google-gemini/deprecated-generative-ai-js/issues/320",
      "2025-01-04",
      inSchema((node, tool, index) => {
        const type = typeName(node.schema);
        if (type === undefined || TYPES.has(type)) return undefined;
        return `Invalid value at '${parserPlace(index, node, tool.parameters)}.type' (${api.typeMessage}), "${String(node.schema.type)}"`;
      }),
    ),
    rule(
      "enum-type",
      "an `enum` on a schema whose type is not `string`",
      "https://github.com/router-for-me/CLIProxyAPI/issues/1260",
      "2026-01-27",
      inSchema((node, _tool, index) =>
        Array.isArray(node.schema.enum) &&
        typeName(node.schema) !== "string" &&
        !Array.isArray(node.schema.type)
          ? `${validatorPlace(index, node.keys)}.enum: only allowed for STRING type`
          : undefined,
      ),
    ),
    rule(
      "enum-value",
      "an `enum` value that is not a string",
      "https://github.com/microsoft/azure-devops-mcp/issues/145",
      "2026-11-29",
      inSchema((node, tool, index) => {
        const values = node.schema.enum;
        if (!Array.isArray(values)) return undefined;
        const at = values.findIndex((value) => typeof value !== "string");
        if (at === -1) return undefined;
        return `Invalid value at '${parserPlace(index, node, tool.parameters)}.enum[${at}]' (TYPE_STRING), ${JSON.stringify(values[at])}`;
      }),
    ),
    rule(
      "array-items",
      "an array schema without `items`",
      "https://github.com/cline/cline/issues/7339",
      "2026-11-29",
      inSchema((node, _tool, index) =>
        typeName(node.schema) === "array" && !("items" in node.schema)
          ? `${validatorPlace(index, node.keys)}.items: missing field.`
          : undefined,
      ),
    ),
    rule(
      "string-format",
      "a string `format` other than `enum` and `date-time`",
      "https://github.com/enechange/collmbo/pull/195",
      "2025-06-09",
      inSchema((node, _tool, index) =>
        typeName(node.schema) === "string" &&
        typeof node.schema.format === "string" &&
        node.schema.format !== "enum" &&
        node.schema.format !== "date-time"
          ? `${validatorPlace(index, node.keys)}.format: only 'enum' and 'date-time' are supported for STRING type`
          : undefined,
      ),
    ),
  ];
}

function* unknownFields(tool: WireTool, index: number, fields: Set<string>) {
  for (const node of walkSchema(tool.parameters)) {
    if (!reachable(node, fields)) continue;
    let place: string | undefined;
    for (const field of Object.keys(node.schema)) {
      if (fields.has(field)) continue;
      // Worked out only for a schema with an unknown field: most schemas have none.
      place ??= parserPlace(index, node, tool.parameters);
      yield {
        keys: node.keys,
        field,
        message: `Invalid JSON payload received. Unknown name "${field}" at '${place}': Cannot find field.`,
      };
    }
  }
}

/** The rules of the `gemini` profile (the Gemini API, `generativelanguage.googleapis.com`). */
export const GEMINI_RULES: readonly ProviderRule[] = googleRules({
  prefix: "gemini",
  fields: GEMINI_FIELDS,
  typeMessage: "type.googleapis.com/google.ai.generativelanguage.v1beta.Type",
  schemaMessage: "type.googleapis.com/google.ai.generativelanguage.v1beta.Schema",
  quoted: true,
  source: (gemini) => gemini,
});

/**
 * Vertex AI refuses parameters that are not typed `object` before it reads them (vercel/ai#12183 sends
 * `{"properties": {}}`); `{}`, no parameters, is not judged.
 */
const VERTEX_PARAMETERS_OBJECT: ProviderRule = {
  id: "vertex/parameters-object",
  summary: "a function's `parameters` is untyped or typed other than `object`",
  source: "https://github.com/vercel/ai/issues/12183",
  confirmed: "2026-06-07",
  quoted: true,
  judge: perTool((tool, index, request) => {
    const schema = tool.parameters;
    if (!isPlainObject(schema) || Object.keys(schema).length === 0) return [];
    if (typeName(schema) === "object") return [];
    return [
      {
        path: toolPath(tool, request.schemaKey),
        tool: index,
        message: `Unable to submit request because \`${tool.name}\` functionDeclaration parameters schema should be of type OBJECT.`,
      },
    ];
  }),
};

/**
 * The rules of the `vertex` profile (Vertex AI's Gemini models): the Gemini API's, with the fields Vertex's
 * `Schema` adds; its texts are the Gemini API's, as no public report quotes Vertex's own.
 */
export const VERTEX_RULES: readonly ProviderRule[] = googleRules({
  prefix: "vertex",
  fields: VERTEX_FIELDS,
  typeMessage: "type.googleapis.com/google.cloud.aiplatform.v1.Type",
  schemaMessage: "type.googleapis.com/google.cloud.aiplatform.v1.Schema",
  quoted: false,
  source: (gemini) => gemini,
})
  .map((rule) =>
    // Vertex AI's own answer for this one is quoted (decolua/9router#1081).
    rule.id === "vertex/schema-value"
      ? {
          ...rule,
          source: "https://github.com/decolua/9router/issues/1081",
          confirmed: "2026-05-13",
          quoted: true,
        }
      : rule,
  )
  .concat(VERTEX_PARAMETERS_OBJECT);
