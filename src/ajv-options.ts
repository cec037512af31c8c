/**
 * The ajv options every validator in tooldeck shares. `validateSchema: false` because checking each
 * schema against its meta-schema first means compiling that meta-schema, ~100 ms per process for
 * 2020-12 (most of `tooldeck check`'s start-up), and it adds no safety: a schema ajv cannot compile
 * still throws, and each caller already turns that into "uncheckable" or a clear error. `strict: false`
 * because specs carry OpenAPI keywords (`nullable`, `example`, `x-…`) ajv does not know.
 */
export const AJV_OPTIONS = { strict: false, validateSchema: false, logger: false } as const;
