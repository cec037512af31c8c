import type { CodeOptions } from "ajv";
import { compileInputPattern } from "../text/input-pattern.js";

/**
 * ajv's `pattern` and `patternProperties` matched by RE2 (`compileInputPattern`), never by JavaScript's
 * backtracking RegExp: every schema ajv compiles comes from input. A pattern RE2 cannot run (or that is
 * not one) makes the schema fail to compile, which each caller already turns into "uncheckable" or a
 * clear error; the callers leave such patterns out before, where the schema is prepared.
 */
const INPUT_PATTERN_ENGINE: NonNullable<CodeOptions["regExp"]> = Object.assign(
  (source: string) => {
    const result = compileInputPattern(source);
    if (!result.ok) throw new Error(`pattern ${JSON.stringify(source)}: ${result.reason}`);
    return result.pattern;
  },
  // Read only when ajv writes standalone code, which tooldeck never asks for.
  { code: "compileInputPattern" },
);

/**
 * The ajv options every validator in tooldeck shares. `validateSchema: false` because checking each
 * schema against its meta-schema first means compiling that meta-schema, ~100 ms per process for
 * 2020-12 (most of `tooldeck check`'s start-up), and it adds no safety: a schema ajv cannot compile
 * still throws, and each caller already turns that into "uncheckable" or a clear error. `strict: false`
 * because specs carry OpenAPI keywords (`nullable`, `example`, `x-…`) ajv does not know. Patterns are
 * RE2's (`INPUT_PATTERN_ENGINE`). `ownProperties: true` because ajv otherwise finds a property by
 * `data[key] !== undefined`, so an argument object's inherited `toString` or `constructor` counts as given:
 * `required: ["toString"]` passed `{}`, and `properties: {constructor: false}` refused it.
 */
export const AJV_OPTIONS = {
  strict: false,
  validateSchema: false,
  logger: false,
  ownProperties: true,
  code: { regExp: INPUT_PATTERN_ENGINE },
} as const;
