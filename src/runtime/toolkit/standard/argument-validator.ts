import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { AJV_OPTIONS } from "../../../ajv-options.js";

export type ArgumentCheck = { ok: true } | { ok: false; error: string };

/**
 * Validates tool arguments against their JSON Schema with ajv (2020-12), compiling each schema on its
 * first call. Scalars are coerced the way LLMs get them wrong ("5" for 5, "true" for true, a single
 * value for a one-item array); the arguments object is changed in place. The ajv instance itself is
 * made on the first call too: a toolkit of 1,000 tools is built before any is called.
 */
export function createArgumentValidator(): (schema: Record<string, unknown>, args: unknown) => ArgumentCheck {
  let ajv: Ajv2020 | undefined;
  const compiled = new WeakMap<object, ValidateFunction>();
  return (schema, args) => {
    let validate = compiled.get(schema);
    if (!validate) {
      ajv ??= addFormats.default(new Ajv2020({ ...AJV_OPTIONS, coerceTypes: "array", allErrors: true }));
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    if (validate(args)) return { ok: true };
    return { ok: false, error: formatErrors(validate.errors ?? []) };
  };
}

function formatErrors(errors: ErrorObject[]): string {
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
