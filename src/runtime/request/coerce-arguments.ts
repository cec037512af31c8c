import { isPlainObject } from "../../json/json-value.js";
/** The JSON type a schema expects of one argument. */
export type ExpectedType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "any";

const TRUE_WORDS = new Set(["true", "1", "yes"]);
const FALSE_WORDS = new Set(["false", "0", "no"]);

/**
 * Converts a value the LLM sent in the wrong JSON type to the expected one when the intent is clear:
 * numbers and booleans to strings, numeric strings to numbers, "true/1/yes" to booleans, JSON strings
 * to objects and arrays. Flowise 3.1 does this before re-validating (reference/flowise-tools.md);
 * the standard profile does the same so a model's "5" for an integer is not a wasted turn.
 * Values already of the right type, and values with no clear conversion, are returned unchanged.
 */
export function coerceValue(value: unknown, expected: ExpectedType): unknown {
  switch (expected) {
    case "string":
      return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
    case "number":
    case "integer":
      return typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))
        ? Number(value)
        : value;
    case "boolean":
      return toBoolean(value);
    case "object":
      return typeof value === "string" ? (parseJsonOf(value, isPlainObject) ?? value) : value;
    case "array":
      return typeof value === "string" ? (parseJsonOf(value, Array.isArray) ?? value) : value;
    default:
      return value;
  }
}

/**
 * Coerces each known key of an arguments object; unknown keys are left for validation to strip. An
 * object with nothing to convert comes back as it is (arguments are coerced on every call, twice under
 * LangChain), else as a copy.
 */
export function coerceObject(value: unknown, types: Record<string, ExpectedType>): unknown {
  const object = typeof value === "string" ? (parseJsonOf(value, isPlainObject) ?? value) : value;
  if (!isPlainObject(object)) return object;
  let coerced: Record<string, unknown> | undefined;
  for (const key in types) {
    if (!(key in object)) continue;
    const before = object[key];
    const after = coerceValue(before, types[key] as ExpectedType);
    if (after === before) continue;
    coerced ??= { ...object };
    coerced[key] = after;
  }
  return coerced ?? object;
}

function toBoolean(value: unknown): unknown {
  if (typeof value === "number") return value === 1 ? true : value === 0 ? false : value;
  if (typeof value !== "string") return value;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return value;
}

function parseJsonOf<T>(text: string, accept: (value: unknown) => value is T): T | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return accept(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
