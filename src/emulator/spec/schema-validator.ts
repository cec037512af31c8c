import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { AJV_OPTIONS } from "../../ajv-options.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { type Direction, toJsonSchema } from "./to-json-schema.js";

/** A check of values against one schema: undefined when the value fits, else the first problem. */
export type SchemaCheck = (value: unknown) => string | undefined;

const OPTIONS = { ...AJV_OPTIONS, allErrors: false, validateFormats: true } as const;

/**
 * Validates values against a spec's schemas with ajv (OpenAPI 3.0 as draft-07 with `nullable`, 3.1 as
 * JSON Schema 2020-12), compiling each schema once per direction on first use: building the emulator
 * for a spec of a thousand operations compiles nothing.
 */
export function createSchemaValidator(version: "3.0" | "3.1") {
  const ajv = addFormats.default(version === "3.1" ? new Ajv2020(OPTIONS) : new Ajv(OPTIONS));
  const cache = { request: new WeakMap<object, SchemaCheck>(), response: new WeakMap<object, SchemaCheck>() };
  return function checkerFor(schema: SchemaObject, direction: Direction): SchemaCheck {
    const cached = cache[direction].get(schema);
    if (cached) return cached;
    const check = compile(ajv, schema, direction);
    cache[direction].set(schema, check);
    return check;
  };
}

function compile(ajv: Ajv, schema: SchemaObject, direction: Direction): SchemaCheck {
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(toJsonSchema(schema, direction));
  } catch {
    // A schema ajv cannot compile (an unknown dialect, a broken keyword) checks nothing rather than fail
    // every request.
    return () => undefined;
  }
  return (value) => {
    if (validate(value)) return undefined;
    const error = validate.errors?.[0];
    if (!error) return "is invalid";
    const allowed =
      error.params && "allowedValues" in error.params ? `: ${error.params.allowedValues.join(", ")}` : "";
    return `${error.instancePath || ""} ${error.message ?? "is invalid"}${allowed}`.trim();
  };
}
