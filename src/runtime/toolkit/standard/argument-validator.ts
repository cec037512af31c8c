import type { Ajv2020, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { AJV_OPTIONS } from "../../../ajv-options.js";
import { compileSchemaCheck, type SchemaCheck } from "../../../json-schema-check.js";

export type ArgumentCheck = { ok: true } | { ok: false; error: string };
export type ArgumentValidator = (schema: Record<string, unknown>, args: unknown) => Promise<ArgumentCheck>;

/**
 * Validates tool arguments against their JSON Schema with ajv (2020-12), compiling each schema on its
 * first call. Scalars are coerced the way LLMs get them wrong ("5" for 5, "true" for true, a single
 * value for a one-item array); the arguments object is changed in place. Arguments the schema's quick
 * check passes (see `compileSchemaCheck`) are valid as they are, with nothing to coerce: ajv is only
 * imported, and a schema only compiled, for the rest. So a toolkit of 1,000 tools is built, `tooldeck
 * lint` runs, and well-formed calls are made without it.
 */
export function createArgumentValidator(): ArgumentValidator {
  let ajv: Promise<Ajv2020> | undefined;
  const quickChecks = new WeakMap<object, SchemaCheck | undefined>();
  const compiled = new WeakMap<object, ValidateFunction>();
  return async (schema, args) => {
    if (!quickChecks.has(schema)) quickChecks.set(schema, compileSchemaCheck(schema, "ajv"));
    if (quickChecks.get(schema)?.(args)) return { ok: true };
    let validate = compiled.get(schema);
    if (!validate) {
      ajv ??= loadAjv();
      validate = (await ajv).compile(schema);
      compiled.set(schema, validate);
    }
    if (validate(args)) return { ok: true };
    return { ok: false, error: formatErrors(validate.errors ?? []) };
  };
}

async function loadAjv(): Promise<Ajv2020> {
  const [{ Ajv2020 }, { default: addFormats }] = await Promise.all([
    import("ajv/dist/2020.js"),
    import("ajv-formats"),
  ]);
  return addFormats.default(new Ajv2020({ ...AJV_OPTIONS, coerceTypes: "array", allErrors: true }));
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
