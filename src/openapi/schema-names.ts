import type { OpenApiDocument } from "./openapi-document.js";

/**
 * The names of a loaded description's component schemas, by the schema object: once `$ref`s are
 * resolved, `#/components/schemas/Dog` is that object, and a discriminator's mapping
 * (`{ dog: "#/components/schemas/Dog" }`) or implicit names (`Dog`) are told by it. Weak: a schema
 * leaves with its description.
 */
const NAMES = new WeakMap<object, string>();

/** Remembers the component schemas' names of a loaded description (cheap: one pass over `components.schemas`). */
export function nameComponentSchemas(document: OpenApiDocument): void {
  const schemas = document.components?.schemas;
  if (typeof schemas !== "object" || schemas === null) return;
  for (const [name, schema] of Object.entries(schemas)) {
    if (typeof schema === "object" && schema !== null && !NAMES.has(schema)) NAMES.set(schema, name);
  }
}

/** The component name of a schema object, if it is one of a named description's `components.schemas`. */
export function componentSchemaName(schema: unknown): string | undefined {
  return typeof schema === "object" && schema !== null ? NAMES.get(schema) : undefined;
}
