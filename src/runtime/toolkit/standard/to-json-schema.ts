import { mergeAllOf } from "../../../openapi/merge-all-of.js";
import type { SchemaObject } from "../../../openapi/openapi-document.js";
import { compileInputPattern } from "../../../text/input-pattern.js";

type Json = Record<string, unknown>;

/** Keywords that carry over unchanged from an OpenAPI schema to the JSON Schema the LLM sees. */
const KEPT = new Set([
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
]);

export interface ConvertOptions {
  /** Request schemas drop `readOnly` properties, response schemas `writeOnly` ones. */
  direction: "request" | "response";
}

/**
 * An OpenAPI 3.0/3.1 schema as plain JSON Schema (2020-12 keywords): `nullable` becomes a `"null"` type,
 * boolean `exclusiveMinimum` becomes numeric, `allOf` members are merged into one object, read-only
 * properties leave request schemas, extensions and OpenAPI-only keywords are dropped. A schema met
 * again on its own path (a recursive schema) becomes `{}`: the result is always finite JSON.
 *
 * Results are shared, not copied: the same source schema (a component used by many operations)
 * converts once, so callers must not change what they get.
 */
export function toJsonSchema(schema: unknown, options: ConvertOptions): Json {
  return convert(schema, { direction: options.direction, path: new Set(), cuts: 0 });
}

interface Conversion {
  direction: ConvertOptions["direction"];
  /** The schemas being converted, outermost first: meeting one again is a cycle, cut to `{}`. */
  path: Set<object>;
  /** How many cycles were cut so far. */
  cuts: number;
}

/**
 * Converted schemas by source, per direction. Only results whose conversion cut no cycle are kept:
 * those do not depend on the path they were reached by (a schema that reaches an ancestor of its own
 * would have met itself, a cut), so they are right wherever the schema appears.
 */
const converted = { request: new WeakMap<object, Json>(), response: new WeakMap<object, Json>() };

function convert(schema: unknown, conversion: Conversion): Json {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return {};
  const cache = converted[conversion.direction];
  const known = cache.get(schema);
  if (known) return known;
  if (conversion.path.has(schema)) {
    conversion.cuts++;
    return {};
  }
  const cutsBefore = conversion.cuts;
  conversion.path.add(schema);
  try {
    const result = convertObject(mergeAllOf(schema as SchemaObject), conversion);
    if (conversion.cuts === cutsBefore) cache.set(schema, result);
    return result;
  } finally {
    conversion.path.delete(schema);
  }
}

function convertObject(schema: SchemaObject, conversion: Conversion): Json {
  const out: Json = {};
  const type = typeOf(schema);
  if (type !== undefined) out.type = type;
  // The schema's own keys, not the KEPT list: a schema has a few keys and KEPT has seventeen.
  for (const key in schema) {
    if (KEPT.has(key) && schema[key] !== undefined) out[key] = schema[key];
  }
  // A pattern RE2 cannot run (or that is not one) is left out: the model is not given it, and the
  // argument check, whose ajv matches patterns with RE2, would refuse every call.
  if (typeof out.pattern === "string" && !compileInputPattern(out.pattern).ok) delete out.pattern;
  if (Array.isArray(schema.enum)) out.enum = schema.nullable === true ? [...schema.enum, null] : schema.enum;
  convertBounds(schema, out);
  convertProperties(schema, out, conversion);
  if (schema.items !== undefined) out.items = convert(schema.items, conversion);
  if (Array.isArray(schema.prefixItems))
    out.prefixItems = schema.prefixItems.map((s) => convert(s, conversion));
  const additional = schema.additionalProperties;
  if (typeof additional === "boolean") out.additionalProperties = additional;
  else if (additional !== undefined) out.additionalProperties = convert(additional, conversion);
  for (const key of ["oneOf", "anyOf"] as const) {
    const members = schema[key];
    if (Array.isArray(members)) out[key] = members.map((member) => convert(member, conversion));
  }
  if (schema.not !== undefined) out.not = convert(schema.not, conversion);
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
  if (schema.exclusiveMinimum !== undefined) convertBound(schema, out, "exclusiveMinimum", "minimum");
  if (schema.exclusiveMaximum !== undefined) convertBound(schema, out, "exclusiveMaximum", "maximum");
}

function convertBound(
  schema: SchemaObject,
  out: Json,
  exclusive: "exclusiveMinimum" | "exclusiveMaximum",
  bound: "minimum" | "maximum",
) {
  const value = schema[exclusive];
  if (typeof value === "number") out[exclusive] = value;
  if (value === true && typeof schema[bound] === "number") {
    out[exclusive] = schema[bound];
    delete out[bound];
  }
}

function convertProperties(schema: SchemaObject, out: Json, conversion: Conversion) {
  const hidden = conversion.direction === "request" ? "readOnly" : "writeOnly";
  let dropped: Set<string> | undefined;
  const source = schema.properties;
  if (source && typeof source === "object") {
    const properties: Json = {};
    for (const name in source) {
      const property = source[name];
      if ((property as SchemaObject | undefined)?.[hidden] === true) {
        dropped ??= new Set();
        dropped.add(name);
        continue;
      }
      properties[name] = convert(property, conversion);
    }
    out.properties = properties;
  }
  if (Array.isArray(schema.required)) {
    const required = schema.required.filter((name) => typeof name === "string" && !dropped?.has(name));
    if (required.length > 0) out.required = [...new Set(required)];
  }
}
