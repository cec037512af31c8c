import type { Ajv, ValidateFunction } from "ajv";
import { AJV_OPTIONS } from "../../ajv-options.js";
import { compileSchemaCheck, type SchemaCheck } from "../../json-schema-check.js";
import { isPlainObject } from "../../json-value.js";
import { mayBacktrack } from "../../safe-pattern.js";

/** A schema's quick check (see `compileSchemaCheck`), and ajv's function once a value needed it. */
interface CompiledSchema {
  json: object;
  passes: SchemaCheck | undefined;
  /** null: ajv cannot compile the schema. */
  validate?: ValidateFunction | null;
}

const compiled = new WeakMap<object, CompiledSchema>();
let ajv: Promise<Ajv> | undefined;

/**
 * Checks a value against an OpenAPI schema object. Returns the first error as text, undefined when it
 * validates, or "uncheckable" for a schema ajv cannot compile (a cyclic graph left by `$ref`
 * resolution, an unknown dialect): the probe says so rather than guess.
 *
 * A value the schema's quick check passes is valid without ajv, which is loaded and compiles the schema
 * only for the rest: a probe of the event service then loads no ajv at all, which with its compiling
 * was ~25 ms of `tooldeck check`'s start-up (bench/startup).
 */
export async function checkSchema(
  schema: object,
  value: unknown,
): Promise<string | undefined | "uncheckable"> {
  let entry = compiled.get(schema);
  if (!entry) {
    const json = toJsonSchema(schema);
    entry = { json, passes: compileSchemaCheck(json, "ajv") };
    compiled.set(schema, entry);
  }
  if (entry.passes?.(value)) return undefined;
  if (entry.validate === undefined) entry.validate = await compileWithAjv(entry.json);
  const { validate } = entry;
  if (validate === null) return "uncheckable";
  if (validate(value)) return undefined;
  const error = validate.errors?.[0];
  return error ? `${error.instancePath || "(root)"} ${error.message}` : "invalid";
}

async function compileWithAjv(schema: object): Promise<ValidateFunction | null> {
  ajv ??= loadAjv();
  try {
    return (await ajv).compile(schema);
  } catch {
    return null;
  }
}

async function loadAjv(): Promise<Ajv> {
  const [{ Ajv }, { default: addFormats }] = await Promise.all([import("ajv"), import("ajv-formats")]);
  return addFormats.default(new Ajv({ ...AJV_OPTIONS, allErrors: false }));
}

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema, unsafe patterns left out; everything else is already
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
  // A pattern that could backtrack exponentially on a crafted answer is not run (see isSafePattern); one
  // that does not compile is left to ajv, which then calls the schema uncheckable.
  if (typeof copy.pattern === "string" && mayBacktrack(copy.pattern)) delete copy.pattern;
  if (isPlainObject(copy.patternProperties)) {
    for (const pattern of Object.keys(copy.patternProperties))
      if (mayBacktrack(pattern)) delete copy.patternProperties[pattern];
  }
  return copy;
}
