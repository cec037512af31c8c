import fc from "fast-check";

type Schema = Record<string, unknown>;

/**
 * Values for a JSON Schema, as a fuzzer sends them: mostly what the schema describes (the subset the
 * emulators' descriptions use: types, enums, patterns, uuid, bounds, required properties, allOf),
 * sometimes anything at all, so invalid input is tried too.
 */
export function schemaArbitrary(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: describedArbitrary(schema, depth) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 3 }) },
  );
}

function describedArbitrary(value: unknown, depth: number): fc.Arbitrary<unknown> {
  const schema = (typeof value === "object" && value !== null ? value : {}) as Schema;
  if (depth > 4) return fc.constant(null);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.allOf)) return describedArbitrary(mergeAllOf(schema.allOf as Schema[]), depth);
  const options = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (Array.isArray(options) && options.length > 0) {
    return fc.oneof(...options.map((option) => describedArbitrary(option, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringArbitrary(schema);
    case "integer":
      return fc.integer({ min: typeof schema.minimum === "number" ? schema.minimum : -5, max: 1000 });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(describedArbitrary(schema.items, depth + 1), { maxLength: 3 });
    default:
      return objectArbitrary(schema, depth);
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.format === "uuid") return fc.uuid();
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, 24) });
}

function objectArbitrary(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, describedArbitrary(property, depth + 1)]),
  );
  return fc.record(model, { requiredKeys: required.filter((name) => name in properties) });
}

function mergeAllOf(parts: Schema[]): Schema {
  const merged: Schema = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === "properties")
        merged.properties = { ...(merged.properties as object), ...(value as object) };
      else if (key === "required")
        merged.required = [...((merged.required as string[]) ?? []), ...(value as string[])];
      else merged[key] = value;
    }
  }
  return merged;
}
