import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { z } from "zod/v3";
import type { ParameterObject, SchemaObject } from "../../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../../openapi/operation-index.js";

/**
 * Flowise 3.1 (OpenAPIToolkit 2.1) builds each tool's input as a zod v3 schema and LangChain turns it
 * into JSON Schema with zod-to-json-schema. This file rebuilds the same zod v3 schema, quirks included,
 * and converts it the same way, so the LLM-facing JSON is Flowise's own.
 */
export interface FlowiseInputSchema {
  zod: z.ZodObject<z.ZodRawShape>;
  json: Record<string, unknown>;
}

/** Flowise reads the first of these request body media types the operation has. */
const BODY_MEDIA_TYPES = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "text/plain",
];

const queryInput = () => z.string().describe("Query input").optional();

/**
 * The input schema Flowise gives an operation: `PathParameters` and `QueryParameters` (both required)
 * when the operation declares parameters (path-item parameters are not read), `RequestBody` (required)
 * for a body with a schema, `input` otherwise.
 */
export function flowiseInputSchema(operation: IndexedOperation): FlowiseInputSchema {
  const { parameters, requestBody } = operation.operation;
  let shape: z.ZodRawShape = {};
  if (parameters) {
    const own = operation.operationParameters;
    shape = { PathParameters: parameterObject(own, "path"), QueryParameters: parameterObject(own, "query") };
  }
  if (requestBody) {
    const content = BODY_MEDIA_TYPES.map((type) => requestBody.content?.[type]).find((media) => media);
    const schema = content?.schema;
    shape = schema
      ? {
          ...shape,
          RequestBody: bodySchema(schema, asRequiredList(schema.required), "properties", new Set()),
        }
      : { ...shape, input: queryInput() };
  }
  if (!parameters && !requestBody) shape = { input: queryInput() };
  const zod = z.object(shape);
  const json = toJsonSchema(zod as unknown as Parameters<typeof toJsonSchema>[0]);
  return { zod, json: json as Record<string, unknown> };
}

function parameterObject(parameters: ParameterObject[], location: "path" | "query") {
  const shape: z.ZodRawShape = {};
  for (const parameter of parameters.filter((p) => p.in === location)) {
    const schema = flowiseParameter(parameter);
    if (schema) shape[parameter.name] = schema;
  }
  return z.object(shape);
}

/**
 * One parameter as Flowise types it: enum, string, number or boolean; `anyOf` through the body
 * converter; anything else (integer, array, object) is dropped. Flowise would crash on a parameter
 * without `schema` (a `content` parameter); it is dropped here.
 */
function flowiseParameter(parameter: ParameterObject): z.ZodTypeAny | undefined {
  const schema = parameter.schema;
  if (!isObject(schema)) return undefined;
  const name = parameter.name;
  const required = parameter.required === true;
  const description = schema.description || schema.title || parameter.description || name;
  const optional = <T extends z.ZodTypeAny>(type: T) => (required ? type : type.optional());
  if (schema.enum) {
    const values = schema.enum as [string, ...string[]];
    const text = [schema.title, schema.description, `Valid values: ${values.join(", ")}`]
      .filter(Boolean)
      .join(". ");
    return optional(z.enum(values).describe(text));
  }
  const requiredError = { required_error: `${name} required` };
  if (schema.type === "string")
    return optional((required ? z.string(requiredError) : z.string()).describe(description));
  if (schema.type === "number")
    return optional((required ? z.number(requiredError) : z.number()).describe(description));
  if (schema.type === "boolean")
    return optional((required ? z.boolean(requiredError) : z.boolean()).describe(description));
  if (schema.anyOf || (schema.type as unknown) === "anyOf")
    return bodySchema(schema, required ? [name] : [], name, new Set());
  return undefined;
}

/**
 * Flowise's JSON-Schema-to-zod for bodies: every nested object checks its keys against the TOP-LEVEL
 * `required` list, arrays are never optional, objects without `properties` and allOf become unknown.
 * Flowise recurses forever on a recursive schema; here a schema met again on the way down is unknown.
 */
function bodySchema(schema: SchemaObject, required: string[], key: string, path: Set<object>): z.ZodTypeAny {
  if (!isObject(schema) || path.has(schema)) return z.unknown();
  path.add(schema);
  try {
    return bodySchemaOf(schema, required, key, path);
  } finally {
    path.delete(schema);
  }
}

function bodySchemaOf(
  schema: SchemaObject,
  required: string[],
  key: string,
  path: Set<object>,
): z.ZodTypeAny {
  const isRequired = required.includes(key);
  const optional = <T extends z.ZodTypeAny>(type: T) => (isRequired ? type : type.optional());
  const described = schema.description ?? key;
  if (schema.properties) {
    const shape: z.ZodRawShape = {};
    for (const name of Object.keys(schema.properties)) {
      shape[name] = bodySchema(schema.properties[name] as SchemaObject, required, name, path);
    }
    return z.object(shape);
  }
  const options = schema.oneOf ?? schema.anyOf;
  if (options) {
    const members = options.map((option) => bodySchema(option, required, key, path));
    return z
      .union(members as unknown as [z.ZodTypeAny, z.ZodTypeAny])
      .describe(schema.description ?? schema.title ?? key);
  }
  if (schema.enum) {
    return optional(
      z.enum(schema.enum as [string, ...string[]]).describe(schema.description ?? schema.title ?? key),
    );
  }
  const requiredError = { required_error: `${key} required` };
  switch (schema.type) {
    case "string":
      return optional((isRequired ? z.string(requiredError) : z.string()).describe(described));
    case "array":
      return z.array(bodySchema(schema.items as SchemaObject, required, key, path));
    case "boolean":
      return optional((isRequired ? z.boolean(requiredError) : z.boolean()).describe(described));
    case "number":
      return optional(boundedNumber(schema).describe(described));
    case "integer":
      return optional(z.number().int().describe(described));
    case "null":
      return z.null();
    default:
      return z.unknown();
  }
}

function boundedNumber(schema: SchemaObject): z.ZodNumber {
  let number = z.number();
  if (typeof schema.minimum === "number") number = number.min(schema.minimum);
  if (typeof schema.maximum === "number") number = number.max(schema.maximum);
  return number;
}

function asRequiredList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function isObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
