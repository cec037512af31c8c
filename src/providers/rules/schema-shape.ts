import { isPlainObject } from "../../json/json-value.js";
import { SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_ONES, type SchemaNode, walkSchema } from "./schema-walk.js";

/** A place in a tool's parameters where a schema belongs, holding something that is not one. */
export interface NotASchema {
  /** Keys from the parameters' root to the value: `["properties", "xCoordinate"]`. */
  keys: readonly (string | number)[];
  value: unknown;
  /** The schema holding it. */
  parent: SchemaNode;
}

/** A schema is an object or a boolean (JSON Schema 2020-12); a type name or `[]` in its place is not. */
function isSchema(value: unknown): boolean {
  return isPlainObject(value) || typeof value === "boolean";
}

/**
 * Every value of a tool's parameters that sits where a schema belongs but is not one: a property written
 * as its type name (`"xCoordinate": "number"`), an empty map serialized as `[]`. The walk never descends
 * into them, so each is found here once.
 * @example
 * notSchemas({ type: "object", properties: { x: "number" } }).map((found) => found.keys);
 * // [["properties", "x"]]
 */
export function notSchemas(root: unknown): NotASchema[] {
  const found: NotASchema[] = [];
  for (const parent of walkSchema(root)) {
    const { schema, keys } = parent;
    const add = (value: unknown, ...more: (string | number)[]) => {
      if (!isSchema(value)) found.push({ keys: [...keys, ...more], value, parent });
    };
    for (const key of SCHEMA_MAPS) {
      const map = schema[key];
      if (isPlainObject(map)) for (const name of Object.keys(map)) add(map[name], key, name);
    }
    for (const key of SCHEMA_LISTS) {
      const list = schema[key];
      if (Array.isArray(list))
        list.forEach((item, index) => {
          add(item, key, index);
        });
    }
    for (const key of SCHEMA_ONES) if (key in schema && !Array.isArray(schema[key])) add(schema[key], key);
  }
  return found;
}

const JSON_SCHEMA_TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);

/**
 * A keyword whose value JSON Schema 2020-12's meta-schema refuses: a `type` that names no type, `required`
 * that is not a list of names, `properties` that is not a map. Returns the keyword, or undefined.
 */
export function invalidKeyword(schema: Record<string, unknown>): string | undefined {
  const { type, required, properties } = schema;
  const typeNames = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  if (type !== undefined && !typeNames?.every((name) => JSON_SCHEMA_TYPES.has(name as string))) return "type";
  if (
    required !== undefined &&
    !(Array.isArray(required) && required.every((key) => typeof key === "string"))
  )
    return "required";
  if (properties !== undefined && !isPlainObject(properties)) return "properties";
  return undefined;
}
