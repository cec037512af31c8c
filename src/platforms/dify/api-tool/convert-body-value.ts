import { isPlainObject } from "../../../json/json-value.js";
import { pythonFloat, pythonInt, pythonTruth } from "./cast-arguments.js";
import { pythonStr } from "./python-text.js";

/** Nothing the conversion could make of a value: the next `anyOf` option is tried. */
const NO_MATCH = Symbol("no match");

/**
 * `_convert_body_property_type` (fact 66): a body value converted by its property's schema. integer →
 * `int()`; number → `float()` when its text has a `.`, else `int()`; string → `str()`; **boolean →
 * `bool()`** (`bool("false")` is True); object/array → `json.loads` of a string (failure: the string);
 * `anyOf` → the first option that converts; a property with neither `type` nor `anyOf` (`oneOf`,
 * `allOf`, untyped) → **None**, sent as `null`; a failing conversion → the value as it came.
 * @example
 * convertBodyValue({ type: "boolean" }, "false"); // true
 * convertBodyValue({ oneOf: [{ type: "string" }] }, "x"); // null
 */
export function convertBodyValue(property: Record<string, unknown>, value: unknown): unknown {
  if ("type" in property) {
    const converted = byType(property.type, value);
    return converted === NO_MATCH ? value : converted;
  }
  if (Array.isArray(property.anyOf)) return anyOf(property.anyOf, value);
  return null;
}

function byType(type: unknown, value: unknown): unknown {
  try {
    switch (type) {
      case "integer":
      case "int":
        return pythonIntOf(value);
      case "number":
        return pythonStr(value).includes(".") ? pythonFloatOf(value) : pythonIntOf(value);
      case "string":
        return pythonStr(value);
      case "boolean":
        return pythonTruth(value);
      case "null":
        // Python falls off the end of its branches here: None, whatever the value.
        return null;
      case "object":
      case "array":
        return typeof value === "string" ? jsonOrText(value) : value;
      default:
        return NO_MATCH;
    }
  } catch {
    return NO_MATCH;
  }
}

/**
 * `anyOf`: each option with a `type` is tried in order; a boolean option takes only a bool or the texts
 * true/1/false/0; none converting → the value as it came.
 */
function anyOf(options: readonly unknown[], value: unknown): unknown {
  for (const option of options) {
    if (!isPlainObject(option) || !("type" in option)) continue;
    if (option.type === "boolean") {
      const text = typeof value === "string" ? value.toLowerCase() : undefined;
      if (typeof value === "boolean") return value;
      if (text === "true" || text === "1") return true;
      if (text === "false" || text === "0") return false;
      continue;
    }
    const converted = byType(option.type, value);
    if (converted !== NO_MATCH) return converted;
  }
  return value;
}

/** Python's `int(value)`: a bool is 0/1, a float is truncated, text parsed. */
function pythonIntOf(value: unknown): number {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("cannot convert");
    return Math.trunc(value);
  }
  if (typeof value === "string") return pythonInt(value);
  throw new Error("cannot convert");
}

function pythonFloatOf(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string") return pythonFloat(value);
  throw new Error("cannot convert");
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
