import type { SchemaObject } from "./openapi-document.js";

/**
 * One schema from `allOf` members and the schema's own keywords: properties and `required` unite, the
 * first member to say anything else (type, description, …) wins over later ones, the schema itself first.
 * Members already on the way (a recursive schema) are skipped.
 */
export function mergeAllOf(schema: SchemaObject, seen = new Set<object>()): SchemaObject {
  if (!Array.isArray(schema.allOf)) return schema;
  seen.add(schema);
  const { allOf, ...own } = schema;
  const merged: SchemaObject = { ...own };
  for (const member of allOf ?? []) {
    if (typeof member !== "object" || member === null || seen.has(member)) continue;
    for (const [key, value] of Object.entries(mergeAllOf(member, seen))) {
      if (key === "properties") {
        merged.properties = { ...(value as Record<string, SchemaObject>), ...(merged.properties ?? {}) };
      } else if (key === "required") {
        merged.required = [...new Set([...(merged.required ?? []), ...(value as string[])])];
      } else if (merged[key] === undefined) {
        merged[key] = value;
      }
    }
  }
  return merged;
}
