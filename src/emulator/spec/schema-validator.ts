import type { ErrorObject } from "ajv";
import { approximateBigInts } from "../../json/exact-json.js";
import { lazyAjv, lazyValidation } from "../../json/lazy-ajv.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { structuralSchema } from "./structural-schema.js";
import { type Direction, toJsonSchema } from "./to-json-schema.js";

/** A check of values against one schema: undefined when the value fits, else the first problem. */
export type SchemaCheck = (value: unknown) => string | undefined;

/** Told once per schema and direction that ajv cannot compile it, with ajv's message. */
export type OnUncompilable = (schema: SchemaObject, direction: Direction, message: string) => void;

/**
 * Validates values against a spec's schemas with ajv's rules (OpenAPI 3.0 as draft-07, 3.1 as JSON
 * Schema 2020-12, both through `toJsonSchema`), each schema prepared once per direction on first use:
 * building the emulator for a spec of a thousand operations compiles nothing. ajv itself is loaded, and a
 * schema compiled, only for a value the schema's quick check cannot vouch for (see `lazyValidation`): the
 * event service answers `tooldeck check`'s probes without it.
 *
 * A schema ajv still cannot compile is never taken as valid: `onUncompilable` is told (once), and values
 * are checked against its types, required fields, properties, items and enums (`structuralSchema`).
 */
export function createSchemaValidator(version: "3.0" | "3.1", onUncompilable?: OnUncompilable) {
  const ajv = lazyAjv(version === "3.1" ? "2020-12" : "draft-07", {
    allErrors: false,
    validateFormats: true,
  });
  const cache = { request: new WeakMap<object, SchemaCheck>(), response: new WeakMap<object, SchemaCheck>() };
  return function checkerFor(schema: SchemaObject, direction: Direction): SchemaCheck {
    const cached = cache[direction].get(schema);
    if (cached) return cached;
    const json = toJsonSchema(schema, direction);
    let validation = lazyValidation(json, ajv);
    const check: SchemaCheck = (value) => {
      try {
        return describe(validation(approximateBigInts(value)));
      } catch (error) {
        onUncompilable?.(schema, direction, (error as Error).message);
        validation = lazyValidation(structuralSchema(json), ajv);
        return describe(validation(approximateBigInts(value)));
      }
    };
    cache[direction].set(schema, check);
    return check;
  };
}

function describe(errors: readonly ErrorObject[] | undefined): string | undefined {
  if (!errors) return undefined;
  const error = errors[0];
  if (!error) return "is invalid";
  const allowed =
    error.params && "allowedValues" in error.params ? `: ${error.params.allowedValues.join(", ")}` : "";
  return `${error.instancePath || ""} ${error.message ?? "is invalid"}${allowed}`.trim();
}
