import type { ErrorObject } from "ajv";
import { lazyAjv, lazyValidation, type Validation } from "../../../json/lazy-ajv.js";

export type ArgumentCheck = { ok: true } | { ok: false; error: string };
export type ArgumentValidator = (schema: Record<string, unknown>, args: unknown) => Promise<ArgumentCheck>;

/**
 * Validates tool arguments against their JSON Schema with ajv (2020-12). Scalars are coerced the way
 * LLMs get them wrong ("5" for 5, "true" for true, a single value for a one-item array); the arguments
 * object is changed in place. ajv is loaded, and a schema compiled, only for arguments the schema's
 * quick check cannot vouch for (see `lazyValidation`): a toolkit of 1,000 tools is built, `tooldeck
 * lint` runs, and well-formed calls are made without it. A schema ajv cannot compile rejects.
 */
export function createArgumentValidator(): ArgumentValidator {
  const ajv = lazyAjv("2020-12", { coerceTypes: "array", allErrors: true });
  const validations = new WeakMap<object, Validation>();
  return async (schema, args) => {
    let validation = validations.get(schema);
    if (!validation) {
      validation = lazyValidation(schema, ajv);
      validations.set(schema, validation);
    }
    const errors = validation(args);
    return errors ? { ok: false, error: formatErrors(errors) } : { ok: true };
  };
}

function formatErrors(errors: readonly ErrorObject[]): string {
  const lines = errors.slice(0, 3).map((error) => {
    const where = error.instancePath.slice(1).replaceAll("/", ".") || "arguments";
    const extra =
      error.keyword === "additionalProperties" ? ` (${String(error.params.additionalProperty)})` : "";
    const allowed =
      error.keyword === "enum"
        ? ` (${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")})`
        : "";
    return `${where} ${error.message ?? "is invalid"}${extra}${allowed}`;
  });
  const more = errors.length > 3 ? `; and ${errors.length - 3} more` : "";
  return `${lines.join("; ")}${more}`;
}
