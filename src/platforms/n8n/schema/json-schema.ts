/** The JSON Schema dialect n8n names in every tool schema (reference fact 10). */
export const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** A property of a tool's input schema, keys in the order n8n writes them. */
export type PropertySchema = Record<string, unknown>;

/**
 * The object schema n8n gives the model (fact 10): `required` only when some property is, then
 * `additionalProperties: false` and `$schema`.
 */
export function objectSchema(properties: Record<string, PropertySchema>, required: readonly string[]) {
  const schema: Record<string, unknown> = { type: "object", properties };
  if (required.length > 0) schema.required = [...required];
  schema.additionalProperties = false;
  schema.$schema = DRAFT_07;
  return schema;
}

/** Sets an own property whatever the key: a model-facing key may be `__proto__`. */
export function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
