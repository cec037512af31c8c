import { exactNumber } from "../../json/exact-json.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Text (from a URL, a form or XML) as its schema's type: `"7"` is 7 for an integer or a number (an
 * integer beyond 2^53 a `bigint`, exact),
 * `"true"` true for a boolean; anything else stays text, for the schema's check to judge.
 */
export function textAsType(value: string, schema: SchemaObject | undefined): unknown {
  const type = typeOf(schema);
  if ((type === "integer" || type === "number") && NUMBER.test(value)) return exactNumber(value);
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** A schema's one type (`["string", "null"]` is `string`). */
export function typeOf(schema: SchemaObject | undefined): string | undefined {
  const type = schema?.type;
  return Array.isArray(type) ? type.find((t) => t !== "null") : type;
}
