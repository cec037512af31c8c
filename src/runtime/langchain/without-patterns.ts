type Json = Record<string, unknown>;

/** Keywords whose value is one schema, or an array of schemas. */
const SUBSCHEMA_KEYS = new Set([
  "items",
  "prefixItems",
  "additionalItems",
  "contains",
  "additionalProperties",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
]);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYS = new Set(["properties", "$defs", "definitions", "dependentSchemas"]);

/**
 * A JSON schema without `pattern` and `patternProperties`, or the schema itself when it has neither:
 * what LangChain's validator is given, because it matches patterns with JavaScript's backtracking
 * RegExp, whose time on a model's crafted argument can be exponential (docs/security.md). Patterns are
 * still enforced, with RE2, by the tool's own argument check. tooldeck's tool schemas carry no
 * `patternProperties`; one that did would be judged without it.
 */
export function withoutPatterns(schema: Json): Json {
  const copies = new Map<object, unknown>();
  let stripped = false;
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (typeof node !== "object" || node === null) return node;
    const known = copies.get(node);
    if (known !== undefined) return known;
    const out: Json = {};
    copies.set(node, out);
    for (const [key, value] of Object.entries(node)) {
      if ((key === "pattern" && typeof value === "string") || key === "patternProperties") {
        stripped = true;
        continue;
      }
      if (SUBSCHEMA_KEYS.has(key)) out[key] = copy(value);
      else if (SCHEMA_MAP_KEYS.has(key) && typeof value === "object" && value !== null)
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, copy(sub)]));
      else out[key] = value;
    }
    return out;
  };
  const result = copy(schema) as Json;
  return stripped ? result : schema;
}
