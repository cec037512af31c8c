import type { SchemaObject } from "../../openapi/openapi-document.js";

/** Characters of a typical JSON value of a string format (`2026-11-29T12:00:00Z`, a URL, an id). */
const FORMAT_CHARS: Readonly<Record<string, number>> = {
  "date-time": 22,
  date: 12,
  time: 10,
  uri: 60,
  url: 60,
  "uri-reference": 40,
  email: 26,
  uuid: 38,
  ipv4: 17,
  ipv6: 30,
  hostname: 24,
};
/** A string nothing bounds: a name, a title, a short text. */
const STRING_CHARS = 24;
const NUMBER_CHARS = 8;
/** Items of an array inside the answer that says none (labels, tags, assignees): one, not a guess at more. */
const NESTED_ITEMS = 1;
/** Deeper than this, a schema is counted as a short value: answers are rarely nested further. */
const MAX_DEPTH = 10;

/**
 * The characters of a modest compact JSON value of a response schema: an example where the spec gives
 * one, else its required properties (all, where it lists none) each with a value of its type's typical
 * length (a string's `maxLength` when short, a format's usual length, the longest enum value), a nullable
 * object as `null`, the smallest choice of a `oneOf`, one item in an array inside it. An estimate that
 * errs low, so that what it finds too large really is: GitHub's issue weighs about 6,000 characters here,
 * a real one about as much. A recursive schema counts its recursion once.
 * @example
 * schemaChars({ type: "object", properties: { id: { type: "integer" } } }); // 15: {"id":12345678}
 */
export function schemaChars(schema: SchemaObject | undefined): number {
  return charsOf(schema, new Set(), 0);
}

function charsOf(schema: SchemaObject | undefined, path: Set<object>, depth: number): number {
  if (!schema || typeof schema !== "object" || path.has(schema) || depth > MAX_DEPTH) return NUMBER_CHARS;
  if (schema.example !== undefined) return jsonLength(schema.example);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return Math.max(...schema.enum.map(jsonLength));
  path.add(schema);
  try {
    return compositeChars(schema, path, depth) ?? typedChars(schema, path, depth);
  } finally {
    path.delete(schema);
  }
}

/** `oneOf`/`anyOf`: the smallest choice; `allOf`: the parts together, as one object. */
function compositeChars(schema: SchemaObject, path: Set<object>, depth: number): number | undefined {
  const choices = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choices) && choices.length > 0)
    return Math.min(...choices.map((choice) => charsOf(choice, path, depth + 1)));
  if (!Array.isArray(schema.allOf) || schema.allOf.length === 0) return undefined;
  const own = schema.properties ? objectChars(schema, path, depth) - 2 : 0;
  // Each part is an object of its own braces; joined, one pair of braces and a comma between them.
  const parts = schema.allOf.map((part) => Math.max(0, charsOf(part, path, depth + 1) - 2));
  return [own, ...parts].filter((chars) => chars > 0).reduce((sum, chars) => sum + chars + 1, 1);
}

function typedChars(schema: SchemaObject, path: Set<object>, depth: number): number {
  if (isNullable(schema) && depth > 0) return 4;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || (type === undefined && schema.properties)) return objectChars(schema, path, depth);
  if (type === "array" || (type === undefined && schema.items)) {
    const count =
      typeof schema.maxItems === "number" ? Math.min(schema.maxItems, NESTED_ITEMS) : NESTED_ITEMS;
    return 2 + count * (charsOf(schema.items, path, depth + 1) + 1);
  }
  if (type === "string") return stringChars(schema);
  if (type === "boolean") return 5;
  if (type === "null") return 4;
  return NUMBER_CHARS;
}

function objectChars(schema: SchemaObject, path: Set<object>, depth: number): number {
  const required = Array.isArray(schema.required) ? new Set(schema.required) : undefined;
  const entries = Object.entries(schema.properties ?? {}).filter(([key]) => !required || required.has(key));
  if (entries.length === 0) return schema.additionalProperties ? 2 + STRING_CHARS * 2 : 2;
  // `"key":value,` per property, inside braces.
  return entries.reduce((sum, [key, value]) => sum + key.length + 4 + charsOf(value, path, depth + 1), 1);
}

/** A value that may be `null` (3.0's `nullable`, 3.1's `type: [T, "null"]`): counted as `null`. */
function isNullable(schema: SchemaObject): boolean {
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes("null"));
}

function stringChars(schema: SchemaObject): number {
  const format = typeof schema.format === "string" ? FORMAT_CHARS[schema.format] : undefined;
  if (format !== undefined) return format;
  const max = schema.maxLength;
  return typeof max === "number" && max < STRING_CHARS ? max + 2 : STRING_CHARS;
}

function jsonLength(value: unknown): number {
  return JSON.stringify(value)?.length ?? 4;
}
