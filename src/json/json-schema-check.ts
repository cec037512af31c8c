import { compileInputPattern, type InputPattern } from "../text/input-pattern.js";
import { isPlainObject } from "./json-value.js";

/** Whether a value passes; `false` also when unsure (the caller then asks ajv). */
export type SchemaCheck = (value: unknown) => boolean;

type TypedCheck = (value: unknown, type: JsonType) => boolean;
type JsonType = "string" | "number" | "boolean" | "null" | "array" | "object";

/** Keywords ajv ignores: they describe a value, they never reject one. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "$comment",
  "default",
  "example",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);
const KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "propertyNames",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "pattern",
  "enum",
]);

/**
 * A check compiled once from a JSON Schema that passes only what ajv (with `AJV_OPTIONS`) passes, so
 * the caller can skip ajv for the values it passes, and a process whose values all pass never loads
 * ajv: the keywords tool and response schemas use, with ajv's rules (`required` and `properties` on own
 * keys, `additionalProperties` over `for…in`, integers by `% 1`, string lengths in code points, patterns
 * by RE2 (`compileInputPattern`), enums of plain values by `===`); annotations and `x-…` extensions are
 * ignored. Undefined for a schema with any other keyword (`$schema` too: ajv refuses a dialect it was not
 * given), a pattern RE2 cannot run, or a cycle. Undefined values, functions, NaN and infinite numbers
 * fail the check, so ajv meets them as before. A passing value needs no coercion either (ajv's
 * `coerceTypes` only changes a value of the wrong type).
 *
 * Kept (issue 30) for what users feel: without it `tooldeck check` on tools/ took 1.27× the CPU time (ajv
 * loaded and every probed schema compiled; 240 → 300 ms, medians of 15 interleaved runs), `tooldeck
 * run` on scenarios/ 1.10×, and `serve --spec` answered POST /events at 0.84× the requests per second.
 * test/json/json-schema-check.test.ts holds it to ajv.
 */
export function compileSchemaCheck(schema: unknown): SchemaCheck | undefined {
  return subCheck(schema, { open: new Set() });
}

/** What a compilation carries down: the schemas it is inside (a cycle is unsure). */
interface Compilation {
  open: Set<object>;
}

function isKnownKeyword(key: string): boolean {
  return KEYWORDS.has(key) || ANNOTATIONS.has(key) || key.startsWith("x-");
}

/** A check that passes every value, left out of the checks a schema runs. */
const PASSES: TypedCheck = () => true;

function compile(schema: unknown, compilation: Compilation): TypedCheck | undefined {
  // `true` passes anything, untyped values too (the library returns before looking at the value).
  if (schema === true) return PASSES;
  if (schema === false) return () => false;
  if (!isPlainObject(schema) || compilation.open.has(schema)) return undefined;
  if (!Object.keys(schema).every(isKnownKeyword)) return undefined;
  compilation.open.add(schema);
  try {
    const checks = [
      typeCheck(schema.type),
      enumCheck(schema.enum),
      objectCheck(schema, compilation),
      arrayCheck(schema, compilation),
      numberCheck(schema),
      stringCheck(schema),
    ];
    if (checks.some((check) => check === undefined)) return undefined;
    return allOf((checks as TypedCheck[]).filter((check) => check !== PASSES));
  } finally {
    compilation.open.delete(schema);
  }
}

/** A subschema's check, as a check of any value (it finds the value's type itself). */
function subCheck(schema: unknown, compilation: Compilation): SchemaCheck | undefined {
  const check = compile(schema, compilation);
  if (!check) return undefined;
  return (value) => {
    const type = jsonTypeOf(value);
    return type !== undefined && check(value, type);
  };
}

function allOf(checks: readonly TypedCheck[]): TypedCheck {
  if (checks.length === 0) return PASSES;
  if (checks.length === 1) return checks[0] as TypedCheck;
  return (value, type) => {
    for (let i = 0; i < checks.length; i++) if (!(checks[i] as TypedCheck)(value, type)) return false;
    return true;
  };
}

const TYPE_NAMES = new Set(["string", "number", "integer", "boolean", "null", "array", "object"]);

function typeCheck(type: unknown): TypedCheck | undefined {
  if (type === undefined) return PASSES;
  const types = typeof type === "string" ? [type] : type;
  // An unknown type name is unsure: ajv refuses to compile the schema.
  if (!Array.isArray(types) || !types.every((item) => TYPE_NAMES.has(item))) return undefined;
  return (value, actual) => {
    for (let i = 0; i < types.length; i++) {
      const wanted = types[i];
      if (wanted === actual || (wanted === "integer" && actual === "number" && (value as number) % 1 === 0))
        return true;
    }
    return false;
  };
}

function objectCheck(schema: Record<string, unknown>, compilation: Compilation): TypedCheck | undefined {
  const { required = [], properties = {}, additionalProperties, propertyNames } = schema;
  if (!Array.isArray(required) || !required.every((key) => typeof key === "string")) return undefined;
  if (!isPlainObject(properties)) return undefined;
  const keys = Object.keys(properties);
  const propertyChecks = keys.map((key) => subCheck(properties[key], compilation));
  const additional =
    additionalProperties === undefined ? undefined : subCheck(additionalProperties, compilation);
  const names = propertyNames === undefined ? undefined : subCheck(propertyNames, compilation);
  if (propertyChecks.some((check) => !check)) return undefined;
  if ((additionalProperties !== undefined && !additional) || (propertyNames !== undefined && !names))
    return undefined;
  const checks = propertyChecks as SchemaCheck[];
  const requiredKeys = required as string[];
  if (requiredKeys.length === 0 && keys.length === 0 && !additional && !names) return PASSES;
  return (value, type) => {
    if (type !== "object") return true;
    const object = value as Record<string, unknown>;
    for (let i = 0; i < requiredKeys.length; i++)
      if (!Object.hasOwn(object, requiredKeys[i] as string)) return false;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      if (Object.hasOwn(object, key) && !(checks[i] as SchemaCheck)(object[key])) return false;
    }
    if (!names && !additional) return true;
    for (const key in object) {
      if (names && !names(key)) return false;
      const evaluated = Object.hasOwn(properties, key) && Object.hasOwn(object, key);
      if (additional && !evaluated && !additional(object[key])) return false;
    }
    return true;
  };
}

function arrayCheck(schema: Record<string, unknown>, compilation: Compilation): TypedCheck | undefined {
  if (schema.items === undefined) return PASSES;
  const items = subCheck(schema.items, compilation);
  if (!items) return undefined;
  return (value, type) => {
    if (type !== "array") return true;
    const array = value as unknown[];
    for (let i = 0; i < array.length; i++) if (!items(array[i])) return false;
    return true;
  };
}

function numberCheck(schema: Record<string, unknown>): TypedCheck | undefined {
  const { minimum = Number.NEGATIVE_INFINITY, maximum = Number.POSITIVE_INFINITY } = schema;
  if (typeof minimum !== "number" || typeof maximum !== "number") return undefined;
  if (schema.minimum === undefined && schema.maximum === undefined) return PASSES;
  return (value, type) => type !== "number" || ((value as number) >= minimum && (value as number) <= maximum);
}

/** `minLength`, `maxLength` (in code points, as ajv counts) and `pattern`, matched by RE2 as ajv matches it (`AJV_OPTIONS`). */
function stringCheck(schema: Record<string, unknown>): TypedCheck | undefined {
  const { minLength, maxLength, pattern } = schema;
  if (minLength === undefined && maxLength === undefined && pattern === undefined) return PASSES;
  const isLength = (value: unknown) =>
    value === undefined || (Number.isInteger(value) && (value as number) >= 0);
  if (!isLength(minLength) || !isLength(maxLength)) return undefined;
  if (pattern !== undefined && typeof pattern !== "string") return undefined;
  let regex: InputPattern | undefined;
  if (pattern !== undefined) {
    const compiled = compileInputPattern(pattern);
    if (!compiled.ok) return undefined;
    regex = compiled.pattern;
  }
  const min = (minLength as number | undefined) ?? 0;
  const max = (maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
  return (value, type) => {
    if (type !== "string") return true;
    const text = value as string;
    if (min > 0 || max !== Number.POSITIVE_INFINITY) {
      const length = codePointLength(text);
      if (length < min || length > max) return false;
    }
    return regex === undefined || regex.test(text);
  };
}

function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** An `enum` of plain values (strings, numbers, booleans, null), compared by `===`; others are unsure. */
function enumCheck(values: unknown): TypedCheck | undefined {
  if (values === undefined) return PASSES;
  if (!Array.isArray(values)) return undefined;
  if (!values.every((value) => value === null || ["string", "number", "boolean"].includes(typeof value)))
    return undefined;
  return (value) => values.includes(value);
}

/** The instance type ajv sees; undefined for one it does not judge like JSON (undefined, a function, NaN). */
function jsonTypeOf(value: unknown): JsonType | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
      return typeof value as JsonType;
    case "number":
      return Number.isFinite(value) ? "number" : undefined;
    case "object":
      return value === null ? "null" : Array.isArray(value) ? "array" : "object";
    default:
      return undefined;
  }
}
