type Json = Record<string, unknown>;

const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "null", "array", "object"]);

/**
 * What is checked of a schema ajv cannot compile: its `type`s, `required` names, `enum`, and the same
 * of its `properties` and `items`, nothing else (no `$ref`, so a recursive schema is checked as deep as it
 * is written out). Every keyword kept is well-formed by construction, so ajv compiles the result:
 * such a schema still refuses a string where an object is asked, and answers made to fit it still
 * carry its required fields.
 */
export function structuralSchema(schema: unknown): Json {
  if (!isRecord(schema)) return {};
  const out: Json = {};
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type): type is string => typeof type === "string" && JSON_TYPES.has(type),
  );
  if (types.length > 0) out.type = types;
  if (Array.isArray(schema.required) && schema.required.every((name) => typeof name === "string"))
    out.required = [...new Set(schema.required)];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) out.enum = schema.enum;
  if (isRecord(schema.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [name, structuralSchema(property)]),
    );
  }
  if (isRecord(schema.items)) out.items = structuralSchema(schema.items);
  return out;
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
