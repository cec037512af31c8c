import { createHash } from "node:crypto";
import { createSchema, mergeSchemas, type Schema } from "genson-js";
import { isPlainObject } from "../json/json-value.js";
import { isValueSegment } from "./segment-kind.js";
import { stringFormat } from "./string-format.js";

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 reads it) inferred from examples. */
export type InferredSchema = Record<string, unknown>;

/** Arrays longer than this are read for their first items only: a list's items share one schema. */
const MAX_ITEMS_READ = 50;

/**
 * Merges JSON examples into one JSON Schema: types (integer apart from number, `["string", "null"]`
 * for a field seen null), object properties, `required` = the properties present in every example,
 * array items merged over all items, and a string `format` (`date-time`, `uuid`, `email`, `uri`,
 * `date`) where every string seen at that place has it, and an object keyed by values (ids, dates) or
 * with more than 64 fields as a map (`additionalProperties`). The structure is genson-js's (its merge keeps
 * `required` to the properties every example has); formats are tracked here, by place, since genson-js
 * keeps none. An example seen before adds nothing and is not read again.
 * @example
 * const merger = createSchemaMerger();
 * merger.add({ id: 1, at: "2024-07-01T09:00:00Z" });
 * merger.add({ id: 2, at: "2024-07-02T09:00:00Z", note: null });
 * merger.schema(); // { type: "object", properties: { id: { type: "integer" }, at: { type: "string", format: "date-time" }, note: { type: "null" } }, required: ["id", "at"] }
 */
export function createSchemaMerger() {
  const seen = new Set<string>();
  const schemas: Schema[] = [];
  let merged: Schema | undefined;
  const formats = new Map<string, string | null>();
  return {
    /** Adds one example; `text` is its JSON text when known, to tell an example seen before cheaply. */
    add(value: unknown, text: string = JSON.stringify(value) ?? "null") {
      // By digest: ten thousand answers of a list are not held twice in memory.
      const digest = createHash("sha1").update(text).digest("base64");
      if (seen.has(digest)) return;
      seen.add(digest);
      const sampled = sample(value);
      schemas.push(createSchema(sampled));
      // Merged in batches: genson-js merges a list at once faster than one example at a time.
      if (schemas.length >= 64)
        merged = mergeSchemas(merged ? [merged, ...schemas.splice(0)] : schemas.splice(0));
      trackFormats(sampled, "", formats);
    },
    /** How many distinct examples were added. */
    get count() {
      return seen.size;
    },
    schema(): InferredSchema {
      if (schemas.length > 0)
        merged = mergeSchemas(merged ? [merged, ...schemas.splice(0)] : schemas.splice(0));
      return merged ? withFormats(structuredClone(merged) as InferredSchema, "", formats) : {};
    },
  };
}

/** The value with its arrays cut to their first items (see `MAX_ITEMS_READ`). */
function sample(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS_READ).map(sample);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, sample(field)]));
}

/** Each place's format so far: the one every string there had, or null once two differed. */
function trackFormats(value: unknown, place: string, formats: Map<string, string | null>): void {
  if (typeof value === "string") {
    const format = stringFormat(value) ?? null;
    const before = formats.get(place);
    formats.set(place, before === undefined || before === format ? format : null);
  } else if (Array.isArray(value)) {
    for (const item of value) trackFormats(item, `${place}[]`, formats);
  } else if (isPlainObject(value)) {
    for (const [key, field] of Object.entries(value))
      trackFormats(field, `${place}.${JSON.stringify(key)}`, formats);
  }
}

/**
 * The merged schema with each place's format put on its string type, and `null` last in a list of types
 * (`["string", "null"]`, as people write it).
 */
function withFormats(
  schema: InferredSchema,
  place: string,
  formats: Map<string, string | null>,
): InferredSchema {
  if (Array.isArray(schema.type) && schema.type.includes("null"))
    schema.type = [...schema.type.filter((type) => type !== "null"), "null"];
  const format = formats.get(place);
  if (format && hasType(schema, "string")) schema.format = format;
  if (Array.isArray(schema.anyOf))
    schema.anyOf = schema.anyOf.map((branch) => withFormats(branch as InferredSchema, place, formats));
  if (isPlainObject(schema.items)) schema.items = withFormats(schema.items, `${place}[]`, formats);
  if (isPlainObject(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties))
      if (isPlainObject(property)) withFormats(property, `${place}.${JSON.stringify(key)}`, formats);
    if (isMap(schema.properties)) return asMap(schema);
  }
  return schema;
}

/** More fields than this, or values for names, make an object a map (GitHub's 1,900 emojis by name). */
const MAX_NAMED_FIELDS = 64;
const VALUE_NAMES = 3;

/**
 * Whether an object's fields are entries of a map rather than named fields: there are too many to be
 * named, or at least three of them are named by values (ids, numbers, dates, UUIDs).
 */
function isMap(properties: Record<string, unknown>): boolean {
  const names = Object.keys(properties);
  return names.length > MAX_NAMED_FIELDS || names.filter(isValueSegment).length >= VALUE_NAMES;
}

/** A map's schema: any name, every value fitting what its values had (merged), none required. */
function asMap(schema: InferredSchema): InferredSchema {
  const values = Object.values(schema.properties as Record<string, InferredSchema>);
  const merged = mergeSchemas(values as Schema[]) as InferredSchema;
  // genson-js keeps the first string's schema: its format holds only when every value's is the same.
  if (new Set(values.map((value) => value.format)).size > 1) delete merged.format;
  const { properties: _properties, required: _required, ...rest } = schema;
  return { ...rest, additionalProperties: merged };
}

function hasType(schema: InferredSchema, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}
