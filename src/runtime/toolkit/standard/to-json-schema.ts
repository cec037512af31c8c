import { mergeAllOf } from "../../../openapi/merge-all-of.js";
import type { SchemaObject } from "../../../openapi/openapi-document.js";

type Json = Record<string, unknown>;

/** Keywords that carry over unchanged from an OpenAPI schema to the JSON Schema the LLM sees. */
const KEPT = [
  "title",
  "description",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "const",
  "default",
  "deprecated",
] as const;

export interface ConvertOptions {
  /** Request schemas drop `readOnly` properties, response schemas `writeOnly` ones. */
  direction: "request" | "response";
}

/**
 * An OpenAPI 3.0/3.1 schema as plain JSON Schema (2020-12 keywords): `nullable` becomes a `"null"` type,
 * boolean `exclusiveMinimum` becomes numeric, `allOf` members are merged into one object, read-only
 * properties leave request schemas, extensions and OpenAPI-only keywords are dropped. A schema met
 * again on its own path (a recursive schema) becomes `{}`: the result is always finite JSON.
 */
export function toJsonSchema(schema: unknown, options: ConvertOptions): Json {
  return convert(schema, options, new Set());
}

function convert(schema: unknown, options: ConvertOptions, path: Set<object>): Json {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return {};
  if (path.has(schema)) return {};
  path.add(schema);
  try {
    return convertObject(mergeAllOf(schema as SchemaObject), options, path);
  } finally {
    path.delete(schema);
  }
}

function convertObject(schema: SchemaObject, options: ConvertOptions, path: Set<object>): Json {
  const out: Json = {};
  const type = typeOf(schema);
  if (type !== undefined) out.type = type;
  for (const key of KEPT) {
    if (schema[key] !== undefined) out[key] = schema[key];
  }
  if (typeof out.pattern === "string" && !isValidPattern(out.pattern)) delete out.pattern;
  if (Array.isArray(schema.enum)) out.enum = schema.nullable === true ? [...schema.enum, null] : schema.enum;
  convertBounds(schema, out);
  convertProperties(schema, out, options, path);
  if (schema.items !== undefined) out.items = convert(schema.items, options, path);
  if (Array.isArray(schema.prefixItems))
    out.prefixItems = schema.prefixItems.map((s) => convert(s, options, path));
  const additional = schema.additionalProperties;
  if (typeof additional === "boolean") out.additionalProperties = additional;
  else if (additional !== undefined) out.additionalProperties = convert(additional, options, path);
  for (const key of ["oneOf", "anyOf"] as const) {
    const members = schema[key];
    if (Array.isArray(members)) out[key] = members.map((member) => convert(member, options, path));
  }
  if (schema.not !== undefined) out.not = convert(schema.not, options, path);
  return out;
}

function typeOf(schema: SchemaObject): string | string[] | undefined {
  const type = schema.type;
  if (schema.nullable !== true || type === undefined) return type;
  const types = Array.isArray(type) ? type : [type];
  return types.includes("null") ? types : [...types, "null"];
}

/** OpenAPI 3.0's boolean `exclusiveMinimum: true` next to `minimum` is 3.1's numeric `exclusiveMinimum`. */
function convertBounds(schema: SchemaObject, out: Json) {
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    const value = schema[exclusive];
    if (typeof value === "number") out[exclusive] = value;
    if (value === true && typeof schema[bound] === "number") {
      out[exclusive] = schema[bound];
      delete out[bound];
    }
  }
}

function convertProperties(schema: SchemaObject, out: Json, options: ConvertOptions, path: Set<object>) {
  const hidden = options.direction === "request" ? "readOnly" : "writeOnly";
  const dropped = new Set<string>();
  if (schema.properties && typeof schema.properties === "object") {
    const properties: Json = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      if ((property as SchemaObject | undefined)?.[hidden] === true) {
        dropped.add(name);
        continue;
      }
      properties[name] = convert(property, options, path);
    }
    out.properties = properties;
  }
  if (Array.isArray(schema.required)) {
    const required = schema.required.filter((name) => typeof name === "string" && !dropped.has(name));
    if (required.length > 0) out.required = [...new Set(required)];
  }
}

function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}
