import type { ErrorObject } from "ajv";
import { lazyAjv, lazyValidation, type Validation } from "../../json/lazy-ajv.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { type Direction, toJsonSchema } from "./to-json-schema.js";

/** A check of values against one schema: undefined when the value fits, else the first problem. */
export type SchemaCheck = (value: unknown) => string | undefined;

/**
 * Validates values against a spec's schemas with ajv's rules (OpenAPI 3.0 as draft-07 with `nullable`,
 * 3.1 as JSON Schema 2020-12), each schema prepared once per direction on first use: building the
 * emulator for a spec of a thousand operations compiles nothing. ajv itself is loaded, and a schema
 * compiled, only for a value the schema's quick check cannot vouch for (see `lazyValidation`): the
 * event service answers `tooldeck check`'s probes without it.
 */
export function createSchemaValidator(version: "3.0" | "3.1") {
  const ajv = lazyAjv(version === "3.1" ? "2020-12" : "draft-07", {
    allErrors: false,
    validateFormats: true,
  });
  const cache = { request: new WeakMap<object, SchemaCheck>(), response: new WeakMap<object, SchemaCheck>() };
  return function checkerFor(schema: SchemaObject, direction: Direction): SchemaCheck {
    const cached = cache[direction].get(schema);
    if (cached) return cached;
    const check = toSchemaCheck(lazyValidation(toJsonSchema(schema, direction), ajv));
    cache[direction].set(schema, check);
    return check;
  };
}

function toSchemaCheck(validation: Validation): SchemaCheck {
  return (value) => {
    let errors: readonly ErrorObject[] | undefined;
    try {
      errors = validation(value);
    } catch {
      // A schema ajv cannot compile (an unknown dialect, a broken keyword) checks nothing rather than fail
      // every request.
      return undefined;
    }
    if (!errors) return undefined;
    const error = errors[0];
    if (!error) return "is invalid";
    const allowed =
      error.params && "allowedValues" in error.params ? `: ${error.params.allowedValues.join(", ")}` : "";
    return `${error.instancePath || ""} ${error.message ?? "is invalid"}${allowed}`.trim();
  };
}
