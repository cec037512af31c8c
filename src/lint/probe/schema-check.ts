import { isPlainObject } from "../../json/json-value.js";
import { lazyAjv, lazyValidation, type Validation } from "../../json/lazy-ajv.js";
import { compileInputPattern } from "../../text/input-pattern.js";

const ajv = lazyAjv("draft-07", { allErrors: false });
const validations = new WeakMap<object, Validation>();

/**
 * Checks a value against an OpenAPI schema object with ajv's rules. Returns the first error as text,
 * undefined when it validates, or "uncheckable" for a schema ajv cannot compile (a cyclic graph left by
 * `$ref` resolution, an unknown dialect): the probe says so rather than guess. ajv is loaded only for a
 * value the schema's quick check cannot vouch for (see `lazyValidation`).
 */
export function checkSchema(schema: object, value: unknown): string | undefined | "uncheckable" {
  let validation = validations.get(schema);
  if (!validation) {
    validation = lazyValidation(toJsonSchema(schema), ajv);
    validations.set(schema, validation);
  }
  let errors: ReturnType<Validation>;
  try {
    errors = validation(value);
  } catch {
    return "uncheckable";
  }
  if (!errors) return undefined;
  const error = errors[0];
  return error ? `${error.instancePath || "(root)"} ${error.message}` : "invalid";
}

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema, patterns RE2 cannot run left out; everything else is already
 * JSON Schema enough for ajv.
 */
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
  // A pattern RE2 cannot run is left out, so the rest of the answer is still checked; one that is not a
  // regular expression is left to ajv, which then calls the schema uncheckable.
  if (typeof copy.pattern === "string" && isUnsupported(copy.pattern)) delete copy.pattern;
  if (isPlainObject(copy.patternProperties)) {
    for (const pattern of Object.keys(copy.patternProperties))
      if (isUnsupported(pattern)) delete copy.patternProperties[pattern];
  }
  return copy;
}

function isUnsupported(pattern: string): boolean {
  const compiled = compileInputPattern(pattern);
  return !compiled.ok && compiled.kind === "unsupported";
}
