import { isPlainObject } from "../../json-value.js";

/** Whether a value passes; `false` also when unsure (the caller then asks the real validator). */
export type SchemaCheck = (value: unknown) => boolean;

type TypedCheck = (value: unknown, type: JsonType) => boolean;
type JsonType = "string" | "number" | "boolean" | "null" | "array" | "object";

const ANNOTATIONS = ["$schema", "title", "description"];
const KEYWORDS = new Set([
  ...ANNOTATIONS,
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "propertyNames",
  "minimum",
  "maximum",
]);

/**
 * A check compiled once from a JSON Schema that passes only what LangChain's validator for JSON-schema
 * tools (`@cfworker/json-schema`'s `validate`, draft 2019-09) passes: the keywords request tools' schemas
 * use, with that library's rules (`required` and `properties` on own keys, `additionalProperties` over
 * `for…in`, integers by `% 1`). Undefined for a schema with any other keyword. Values that library
 * throws on (undefined, functions), and NaN or infinite numbers, fail the check, so the caller's
 * fallback meets them as before.
 */
export function compileSchemaCheck(schema: unknown): SchemaCheck | undefined {
  const check = compile(schema);
  if (!check) return undefined;
  return (value) => {
    const type = jsonTypeOf(value);
    return type !== undefined && check(value, type);
  };
}

function compile(schema: unknown): TypedCheck | undefined {
  // `true` passes anything, untyped values too (the library returns before looking at the value).
  if (schema === true) return () => true;
  if (schema === false) return () => false;
  if (!isPlainObject(schema) || !Object.keys(schema).every((key) => KEYWORDS.has(key))) return undefined;
  const checks = [typeCheck(schema.type), objectCheck(schema), arrayCheck(schema), numberCheck(schema)];
  if (checks.some((check) => check === undefined)) return undefined;
  const all = checks as TypedCheck[];
  return (value, type) => all.every((check) => check(value, type));
}

function typeCheck(type: unknown): TypedCheck | undefined {
  if (type === undefined) return () => true;
  const types = typeof type === "string" ? [type] : type;
  if (!Array.isArray(types) || !types.every((item) => typeof item === "string")) return undefined;
  return (value, actual) =>
    types.some(
      (wanted) =>
        wanted === actual || (wanted === "integer" && actual === "number" && (value as number) % 1 === 0),
    );
}

function objectCheck(schema: Record<string, unknown>): TypedCheck | undefined {
  const { required = [], properties = {}, additionalProperties, propertyNames } = schema;
  if (!Array.isArray(required) || !isPlainObject(properties)) return undefined;
  const propertyChecks = Object.entries(properties).map(
    ([key, sub]) => [key, compileSchemaCheck(sub)] as const,
  );
  const additional =
    additionalProperties === undefined ? undefined : compileSchemaCheck(additionalProperties);
  const names = propertyNames === undefined ? undefined : compileSchemaCheck(propertyNames);
  if (propertyChecks.some(([, check]) => !check)) return undefined;
  if ((additionalProperties !== undefined && !additional) || (propertyNames !== undefined && !names))
    return undefined;
  return (value, type) => {
    if (type !== "object") return true;
    const object = value as Record<string, unknown>;
    if (!required.every((key) => Object.hasOwn(object, key))) return false;
    for (const [key, check] of propertyChecks) {
      if (Object.hasOwn(object, key) && !check?.(object[key])) return false;
    }
    for (const key in object) {
      if (names && !names(key)) return false;
      const evaluated = Object.hasOwn(properties, key) && Object.hasOwn(object, key);
      if (additional && !evaluated && !additional(object[key])) return false;
    }
    return true;
  };
}

function arrayCheck(schema: Record<string, unknown>): TypedCheck | undefined {
  if (schema.items === undefined) return () => true;
  const items = compileSchemaCheck(schema.items);
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
  return (value, type) => type !== "number" || ((value as number) >= minimum && (value as number) <= maximum);
}

/** The instance type that library sees; undefined for one it does not judge like JSON (it throws, NaN). */
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
