import { isPlainObject } from "../../json/json-value.js";

/** One schema inside a tool's parameters, with where it sits. */
export interface SchemaNode {
  schema: Record<string, unknown>;
  /** Keys from the parameters' root: `["properties", "q", "items"]`; empty for the root. */
  keys: readonly (string | number)[];
  /** Objects enclosing it, itself included when it is one: the root object is at depth 1. */
  depth: number;
  /** The property it is the schema of (`properties.q` → `q`), when it is one. */
  property?: string;
}

// Keywords whose value is a map of schemas, a list of schemas, or one schema (JSON Schema 2020-12 and
// draft 4–7, and the snake_case spellings Google's protobuf JSON also reads).
export const SCHEMA_MAPS = ["properties", "$defs", "definitions", "patternProperties", "dependentSchemas"];
export const SCHEMA_LISTS = ["anyOf", "any_of", "oneOf", "allOf", "prefixItems"];
export const SCHEMA_ONES = [
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
];

/** Deeper than this, a schema is not walked: a hostile file cannot exhaust the stack. */
const MAX_WALK_DEPTH = 64;

// A tool's parameters are walked once however many rules and providers judge them: the same object is
// judged by every rule of a profile, and by every provider its wire form is shared with.
const walked = new WeakMap<object, readonly SchemaNode[]>();

/**
 * Every schema of a tool's parameters, the root first, each with its keys and object depth. Only
 * objects are visited: `true`, `false` and malformed values are skipped, never thrown on. The schema is
 * read as it is when first walked (a wire form is not changed once judged).
 * @example
 * walkSchema({ type: "object", properties: { q: { type: "string" } } }).map((node) => node.keys);
 * // [[], ["properties", "q"]]
 */
export function walkSchema(root: unknown): readonly SchemaNode[] {
  if (!isPlainObject(root)) return [];
  const known = walked.get(root);
  if (known) return known;
  const nodes: SchemaNode[] = [];
  const stack: SchemaNode[] = [{ schema: root, keys: [], depth: isObjectSchema(root) ? 1 : 0 }];
  while (stack.length > 0) {
    const node = stack.pop() as SchemaNode;
    nodes.push(node);
    if (node.keys.length < MAX_WALK_DEPTH) stack.push(...childrenOf(node).reverse());
  }
  walked.set(root, nodes);
  return nodes;
}

function childrenOf({ schema, keys, depth }: SchemaNode): SchemaNode[] {
  const children: SchemaNode[] = [];
  const add = (value: unknown, childKeys: (string | number)[], property?: string) => {
    if (!isPlainObject(value)) return;
    const child: SchemaNode = {
      schema: value,
      keys: childKeys,
      depth: depth + (isObjectSchema(value) ? 1 : 0),
    };
    if (property !== undefined) child.property = property;
    children.push(child);
  };
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (!isPlainObject(map)) continue;
    for (const name of Object.keys(map))
      add(map[name], [...keys, key, name], key === "properties" ? name : undefined);
  }
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list))
      list.forEach((item, index) => {
        add(item, [...keys, key, index]);
      });
  }
  for (const key of SCHEMA_ONES) {
    const value = schema[key];
    if (Array.isArray(value))
      value.forEach((item, index) => {
        add(item, [...keys, key, index]);
      });
    else add(value, [...keys, key]);
  }
  return children;
}

/** The schema's `type`, as a list (`"string"` → `["string"]`; absent → `[]`). */
export function typesOf(schema: Record<string, unknown>): string[] {
  const { type } = schema;
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === "string") : [];
}

/** An object schema: typed `object`, or untyped with `properties`. */
export function isObjectSchema(schema: Record<string, unknown>): boolean {
  const types = typesOf(schema);
  return types.includes("object") || (types.length === 0 && isPlainObject(schema.properties));
}
