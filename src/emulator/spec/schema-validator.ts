import { createRequire } from "node:module";
import type { Ajv, ValidateFunction } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import type addFormats from "ajv-formats";
import { AJV_OPTIONS } from "../../ajv-options.js";
import { compileSchemaCheck } from "../../json-schema-check.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { type Direction, toJsonSchema } from "./to-json-schema.js";

/** A check of values against one schema: undefined when the value fits, else the first problem. */
export type SchemaCheck = (value: unknown) => string | undefined;

const OPTIONS = { ...AJV_OPTIONS, allErrors: false, validateFormats: true } as const;

/**
 * Validates values against a spec's schemas with ajv (OpenAPI 3.0 as draft-07 with `nullable`, 3.1 as
 * JSON Schema 2020-12), compiling each schema once per direction on first use: building the emulator
 * for a spec of a thousand operations compiles nothing. A value its schema's quick check passes (see
 * `compileSchemaCheck`) fits without ajv, which is made, and a schema compiled, only for the rest: the
 * event service answers `tooldeck check`'s probes without loading ajv (~20 ms of its start-up).
 */
export function createSchemaValidator(version: "3.0" | "3.1") {
  let ajv: Ajv | undefined;
  const ajvFor = () => {
    ajv ??= makeAjv(version);
    return ajv;
  };
  const cache = { request: new WeakMap<object, SchemaCheck>(), response: new WeakMap<object, SchemaCheck>() };
  return function checkerFor(schema: SchemaObject, direction: Direction): SchemaCheck {
    const cached = cache[direction].get(schema);
    if (cached) return cached;
    const check = compile(ajvFor, toJsonSchema(schema, direction));
    cache[direction].set(schema, check);
    return check;
  };
}

/**
 * ajv, loaded when first needed. `require`, not `import()`: a check answers at once, inside request
 * handling that is synchronous (ajv and ajv-formats are CommonJS packages).
 */
function makeAjv(version: "3.0" | "3.1"): Ajv {
  const require = createRequire(import.meta.url);
  // What a default import of ajv-formats gives: the module, whose `default` is the plugin.
  const formats = require("ajv-formats") as typeof addFormats;
  if (version === "3.1") {
    const { Ajv2020: Ajv2020Class } = require("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020 };
    return formats.default(new Ajv2020Class(OPTIONS));
  }
  const { Ajv: AjvClass } = require("ajv") as { Ajv: typeof Ajv };
  return formats.default(new AjvClass(OPTIONS));
}

function compile(ajvFor: () => Ajv, schema: object): SchemaCheck {
  const passes = compileSchemaCheck(schema, "ajv");
  // undefined: not compiled yet; null: ajv cannot compile it.
  let validate: ValidateFunction | null | undefined;
  return (value) => {
    if (passes?.(value)) return undefined;
    if (validate === undefined) {
      try {
        validate = ajvFor().compile(schema);
      } catch {
        // A schema ajv cannot compile (an unknown dialect, a broken keyword) checks nothing rather than
        // fail every request.
        validate = null;
      }
    }
    if (validate === null || validate(value)) return undefined;
    const error = validate.errors?.[0];
    if (!error) return "is invalid";
    const allowed =
      error.params && "allowedValues" in error.params ? `: ${error.params.allowedValues.join(", ")}` : "";
    return `${error.instancePath || ""} ${error.message ?? "is invalid"}${allowed}`.trim();
  };
}
