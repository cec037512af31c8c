import type { SchemaNode } from "./schema-walk.js";

/**
 * Where Google's errors say a schema is, in the two forms its answers use: the validator's
 * (`function_declarations[3].parameters.properties[q].items`) and the JSON parser's, by position
 * (`function_declarations[3].parameters.properties[2].value.items`), and what Google reads a name as.
 */

/** `anyOf` → `any_of`: protobuf's own field names, as Google's parse errors write them. */
export function snake(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** What Google reads a name as: both `maxItems` and `max_items` are the same field. */
export function fieldSet(fields: readonly string[]): Set<string> {
  return new Set(fields.flatMap((field) => [field, snake(field)]));
}

/** Where Google's validator says an error is: `tools[0].function_declarations[3].parameters.properties[q].items`. */
export function validatorPlace(index: number, keys: readonly (string | number)[]): string {
  let place = `GenerateContentRequest.tools[0].function_declarations[${index}].parameters`;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string | number;
    if (key === "properties" && i + 1 < keys.length) place += `.properties[${String(keys[++i])}]`;
    else place += typeof key === "number" ? `[${key}]` : `.${snake(key)}`;
  }
  return place;
}

/**
 * Where Google's JSON parser says an error is: a property is its map entry, by position
 * (`parameters.properties[2].value.items`), as its `Unknown name` and `Invalid value` errors write it.
 */
export function parserPlace(index: number, node: Pick<SchemaNode, "keys">, parameters: unknown): string {
  let place = `tools[0].function_declarations[${index}].parameters`;
  let schema = parameters as Record<string, unknown> | undefined;
  const { keys } = node;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string | number;
    if (key === "properties" && i + 1 < keys.length) {
      const name = String(keys[++i]);
      const properties = (schema?.properties ?? {}) as Record<string, unknown>;
      place += `.properties[${positionOf(properties, name)}].value`;
      schema = properties[name] as Record<string, unknown> | undefined;
    } else if (typeof key === "number") {
      place += `[${key}]`;
      schema = (schema as unknown as unknown[] | undefined)?.[key] as Record<string, unknown> | undefined;
    } else {
      place += `.${snake(key)}`;
      schema = schema?.[key] as Record<string, unknown> | undefined;
    }
  }
  return place;
}

// Each properties map's names by position, read once: a tool of thousands of properties is placed in linear time.
const positions = new WeakMap<object, Map<string, number>>();

function positionOf(properties: Record<string, unknown>, name: string): number {
  let byName = positions.get(properties);
  if (!byName) {
    byName = new Map(Object.keys(properties).map((key, index) => [key, index]));
    positions.set(properties, byName);
  }
  return byName.get(name) ?? -1;
}

/** Reached only through fields Google knows: a schema under an unknown field is that field's error alone. */
export function reachable(node: Pick<SchemaNode, "keys">, fields: Set<string>): boolean {
  const { keys } = node;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (typeof key !== "string") continue;
    if (!fields.has(key)) return false;
    if (key === "properties") i++;
  }
  return true;
}

/** `parameters.keyValueType`: a property as Google's "didn't specify the schema type field" names it (nested ones joined by dots). */
export function propertyChain(node: SchemaNode): string {
  const names: string[] = [];
  for (let i = 0; i < node.keys.length - 1; i++)
    if (node.keys[i] === "properties") names.push(String(node.keys[++i]));
  return ["parameters", ...names].join(".");
}
