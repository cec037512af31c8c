import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { AJV_OPTIONS } from "../../ajv-options.js";

const ajv = addFormats.default(new Ajv({ ...AJV_OPTIONS, allErrors: false }));
const compiled = new WeakMap<object, ValidateFunction | null>();

/**
 * Checks a value against an OpenAPI schema object with ajv. Returns the first error as text, undefined
 * when it validates, or "uncheckable" for a schema ajv cannot compile (a cyclic graph left by `$ref`
 * resolution, an unknown dialect): the probe says so rather than guess.
 */
export function checkSchema(schema: object, value: unknown): string | undefined | "uncheckable" {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    try {
      validate = ajv.compile(toJsonSchema(schema));
    } catch {
      validate = null;
    }
    compiled.set(schema, validate);
  }
  if (validate === null) return "uncheckable";
  if (validate(value)) return undefined;
  const error = validate.errors?.[0];
  return error ? `${error.instancePath || "(root)"} ${error.message}` : "invalid";
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema; everything else is already JSON Schema enough for ajv. */
function toJsonSchema(schema: object, seen = new Map<object, object>()): object {
  const done = seen.get(schema);
  if (done) return done;
  if (Array.isArray(schema)) {
    const copy: unknown[] = [];
    seen.set(schema, copy);
    for (const item of schema)
      copy.push(typeof item === "object" && item !== null ? toJsonSchema(item, seen) : item);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  seen.set(schema, copy);
  for (const [key, value] of Object.entries(schema)) {
    copy[key] = typeof value === "object" && value !== null ? toJsonSchema(value, seen) : value;
  }
  if (copy.nullable === true && typeof copy.type === "string") copy.type = [copy.type, "null"];
  return copy;
}
