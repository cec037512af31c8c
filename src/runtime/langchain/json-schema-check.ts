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

/**
 * A check that passes every value. Left out of the checks a schema runs: the check runs on every
 * LangChain call, so it does only the work its schema asks for, in plain loops.
 */
const PASSES: TypedCheck = () => true;

function compile(schema: unknown): TypedCheck | undefined {
  // `true` passes anything, untyped values too (the library returns before looking at the value).
  if (schema === true) return PASSES;
  if (schema === false) return () => false;
  if (!isPlainObject(schema) || !Object.keys(schema).every((key) => KEYWORDS.has(key))) return undefined;
  const checks = [typeCheck(schema.type), objectCheck(schema), arrayCheck(schema), numberCheck(schema)];
  if (checks.some((check) => check === undefined)) return undefined;
  return allOf((checks as TypedCheck[]).filter((check) => check !== PASSES));
}

function allOf(checks: readonly TypedCheck[]): TypedCheck {
  if (checks.length === 0) return PASSES;
  if (checks.length === 1) return checks[0] as TypedCheck;
  return (value, type) => {
    for (let i = 0; i < checks.length; i++) if (!(checks[i] as TypedCheck)(value, type)) return false;
    return true;
  };
}

function typeCheck(type: unknown): TypedCheck | undefined {
  if (type === undefined) return PASSES;
  const types = typeof type === "string" ? [type] : type;
  if (!Array.isArray(types) || !types.every((item) => typeof item === "string")) return undefined;
  return (value, actual) => {
    for (let i = 0; i < types.length; i++) {
      const wanted = types[i];
      if (wanted === actual || (wanted === "integer" && actual === "number" && (value as number) % 1 === 0))
        return true;
    }
    return false;
  };
}

function objectCheck(schema: Record<string, unknown>): TypedCheck | undefined {
  const { required = [], properties = {}, additionalProperties, propertyNames } = schema;
  if (!Array.isArray(required) || !isPlainObject(properties)) return undefined;
  const keys = Object.keys(properties);
  const propertyChecks = keys.map((key) => compileSchemaCheck(properties[key]));
  const additional =
    additionalProperties === undefined ? undefined : compileSchemaCheck(additionalProperties);
  const names = propertyNames === undefined ? undefined : compileSchemaCheck(propertyNames);
  if (propertyChecks.some((check) => !check)) return undefined;
  if ((additionalProperties !== undefined && !additional) || (propertyNames !== undefined && !names))
    return undefined;
  const checks = propertyChecks as SchemaCheck[];
  if (required.length === 0 && keys.length === 0 && !additional && !names) return PASSES;
  return (value, type) => {
    if (type !== "object") return true;
    const object = value as Record<string, unknown>;
    for (let i = 0; i < required.length; i++) if (!Object.hasOwn(object, required[i])) return false;
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

function arrayCheck(schema: Record<string, unknown>): TypedCheck | undefined {
  if (schema.items === undefined) return PASSES;
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
  if (schema.minimum === undefined && schema.maximum === undefined) return PASSES;
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
