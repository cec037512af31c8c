import { mergeAllOf } from "../../openapi/merge-all-of.js";
import { generateFitting, seedOf } from "./generate-value.js";
import type { Resource } from "./infer-resources.js";
import type { CheckerFor } from "./read-request.js";
import type { Item } from "./resource-store.js";

// Items as the store keeps them: made from request bodies, shaped as the answers describe them.

/** The id an item's body gives (a non-empty value in the id field), as the store keys it. */
export function idInBody(resource: Resource, body: unknown): string | undefined {
  if (!resource.idField || typeof body !== "object" || body === null) return undefined;
  const value = (body as Item)[resource.idField];
  return value === undefined || value === null || value === "" ? undefined : keyOf(value);
}

/**
 * An id as the store keys it: the same text for the same value, whether it came from a body (`1`,
 * `1e20`) or a path read as its schema's type (`"01"` and `"1"` for an integer are both `1`).
 */
export function keyOf(value: unknown): string {
  return typeof value === "number"
    ? String(value)
    : typeof value === "string"
      ? value
      : JSON.stringify(value);
}

/**
 * The body as the item the answers describe: the required fields of the item's answer schema it lacks
 * made up (`createdAt`, `url`), and, where that schema allows no other properties, the request-only
 * ones (`selected_repository_ids`) left out.
 */
export function withRequired(checkerFor: CheckerFor, resource: Resource, body: unknown): Item {
  const item: Item = isItem(body) ? { ...body } : {};
  if (!resource.itemSchema) return item;
  const schema = mergeAllOf(resource.itemSchema);
  if (schema.additionalProperties === false) {
    for (const name of Object.keys(item)) if (!schema.properties?.[name]) delete item[name];
  }
  const check = checkerFor(resource.itemSchema, "response");
  const fits = (value: unknown) => check(value) === undefined;
  if (fits(item)) return item;
  const generated = generateFitting(resource.itemSchema, "response", seedOf(resource.itemPath), fits);
  if (!isItem(generated)) return item;
  for (const name of schema.required ?? []) {
    if (!(name in item) && name !== resource.idField && name in generated) item[name] = generated[name];
  }
  // A field the request spells another way than the answer (`head: "branch"` in, an object out).
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (!(name in item) || checkerFor(property, "response")(item[name]) === undefined) continue;
    if (name in generated) item[name] = generated[name];
    else delete item[name];
  }
  return item;
}

/** A JSON object: what an item is (an array or a scalar body is not one). */
export function isItem(value: unknown): value is Item {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** PUT and PATCH never move an item: its id field keeps the id it is stored under. */
export function keepId(resource: Resource, value: unknown, existing: Item): Item {
  const item: Item = isItem(value) ? { ...value } : {};
  if (resource.idField && resource.idField in existing) item[resource.idField] = existing[resource.idField];
  return item;
}
