import { createRequire } from "node:module";
import type * as AjvDraft07 from "ajv";
import type { Ajv, ErrorObject, Options, ValidateFunction } from "ajv";
import type * as Ajv2020Module from "ajv/dist/2020.js";
import type addFormats from "ajv-formats";
import { AJV_OPTIONS } from "./ajv-options.js";
import { compileSchemaCheck } from "./json-schema-check.js";

/** The JSON Schema dialect an ajv instance compiles: OpenAPI 3.0's draft-07, or 3.1's 2020-12. */
export type AjvDialect = "draft-07" | "2020-12";

/**
 * An ajv of `AJV_OPTIONS` and `options`, with ajv-formats, made on its first call. `require`, not
 * `import()`: a value is checked at once, inside request handling that is synchronous too (ajv and
 * ajv-formats are CommonJS packages), and a process whose values all pass their quick checks never
 * loads ajv (most of `tooldeck check`'s probes; bench/startup).
 */
export function lazyAjv(dialect: AjvDialect, options: Options = {}): () => Ajv {
  let ajv: Ajv | undefined;
  return () => {
    ajv ??= makeAjv(dialect, { ...AJV_OPTIONS, ...options });
    return ajv;
  };
}

function makeAjv(dialect: AjvDialect, options: Options): Ajv {
  const require = createRequire(import.meta.url);
  // What a default import of ajv-formats gives: the module, whose `default` is the plugin.
  const formats = require("ajv-formats") as typeof addFormats;
  if (dialect === "2020-12") {
    const { Ajv2020 } = require("ajv/dist/2020.js") as typeof Ajv2020Module;
    return formats.default(new Ajv2020(options));
  }
  const { Ajv: AjvClass } = require("ajv") as typeof AjvDraft07;
  return formats.default(new AjvClass(options));
}

/**
 * Validation of values against one schema: undefined for a valid value, else ajv's errors. The
 * schema's quick check (`compileSchemaCheck`) answers first; ajv compiles the schema on the first value
 * that check cannot vouch for. For a schema ajv cannot compile, every call throws its compile error.
 */
export type Validation = (value: unknown) => readonly ErrorObject[] | undefined;

export function lazyValidation(schema: object, ajv: () => Ajv): Validation {
  const passes = compileSchemaCheck(schema);
  let compiled: { validate: ValidateFunction } | { error: unknown } | undefined;
  return (value) => {
    if (passes?.(value)) return undefined;
    if (!compiled) {
      try {
        compiled = { validate: ajv().compile(schema) };
      } catch (error) {
        compiled = { error };
      }
    }
    if ("error" in compiled) throw compiled.error;
    return compiled.validate(value) ? undefined : (compiled.validate.errors ?? []);
  };
}
