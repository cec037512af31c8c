import { stringifyJsonExact } from "../../json/exact-json.js";
import { propertyNames } from "../../openapi/envelope.js";
import type { Resource } from "../../openapi/infer-resources.js";
import { mergeAllOf } from "../../openapi/merge-all-of.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { generateFitting, seedOf } from "./generate-value.js";
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
 * `1e20`) or a path read as its schema's type (`"01"` and `"1"` for an integer are both `1`; an
 * integer beyond 2^53 keeps its every digit).
 */
export function keyOf(value: unknown): string {
  return typeof value === "number" || typeof value === "bigint"
    ? String(value)
    : typeof value === "string"
      ? value
      : stringifyJsonExact(value);
}

/**
 * The body as the item the answers describe (`fitToSchema` with the item's answer schema); its id field
 * is the emulator's to set, never made up here.
 */
export function withRequired(checkerFor: CheckerFor, resource: Resource, body: unknown): Item {
  const item: Item = isItem(body) ? { ...body } : {};
  if (!resource.itemSchema) return item;
  return fitToSchema(checkerFor, resource.itemSchema, item, resource.itemPath, resource.idField);
}

/**
 * An item as a schema describes it: the required fields it lacks made up (`createdAt`, `url`), a field
 * the request spells another way than the answer (`head: "branch"` in, an object out) replaced, and,
 * where the schema allows no other properties, the others (`selected_repository_ids`) left out. `keep`
 * (the id field) is never changed. Made-up values are seeded by `seedText`, so answers repeat.
 */
export function fitToSchema(
  checkerFor: CheckerFor,
  schema: SchemaObject,
  value: Item,
  seedText: string,
  keep?: string,
): Item {
  const merged = mergeAllOf(schema);
  const branches = merged.properties ? undefined : (merged.oneOf ?? merged.anyOf);
  if (Array.isArray(branches) && branches.length > 0)
    return fitToBranch(checkerFor, schema, branches, value, seedText, keep);
  const item: Item = { ...value };
  if (merged.additionalProperties === false) {
    for (const name of Object.keys(item)) if (!merged.properties?.[name] && name !== keep) delete item[name];
  }
  const check = checkerFor(schema, "response");
  const fits = (candidate: unknown) => check(candidate) === undefined;
  if (fits(item)) return item;
  const generated = generateFitting(schema, "response", seedOf(seedText), fits);
  if (!isItem(generated)) return item;
  for (const name of merged.required ?? []) {
    if (!(name in item) && name !== keep && name in generated) item[name] = generated[name];
  }
  for (const [name, property] of Object.entries(merged.properties ?? {})) {
    if (name === keep || !(name in item)) continue;
    const kept = asWritten(checkerFor, property, item[name]);
    if (kept.fits) item[name] = kept.value;
    else if (name in generated) item[name] = generated[name];
    else delete item[name];
  }
  return item;
}

/**
 * A written value as the answer's schema for its field takes it: as it is, else as its text where the
 * field is a string (GitHub's issue `title`, which a PATCH may write as `766`; an object as its JSON,
 * as Flowise's entities hold the configs its reads answer parsed), else not at all.
 */
function asWritten(checkerFor: CheckerFor, schema: SchemaObject, value: unknown) {
  const check = checkerFor(schema, "response");
  if (check(value) === undefined) return { fits: true, value };
  const text =
    typeof value === "number" || typeof value === "bigint" || typeof value === "boolean"
      ? String(value)
      : typeof value === "object" && value !== null
        ? stringifyJsonExact(value)
        : undefined;
  if (text !== undefined && check(text) === undefined) return { fits: true, value: text };
  return { fits: false, value };
}

/**
 * An item fitted to the branch of a `oneOf`/`anyOf` item schema (ReadMe's version or branch) that
 * names the most of its fields, in the branches' order among equals; the item unchanged when none fits.
 */
function fitToBranch(
  checkerFor: CheckerFor,
  schema: SchemaObject,
  branches: SchemaObject[],
  value: Item,
  seedText: string,
  keep: string | undefined,
): Item {
  const check = checkerFor(schema, "response");
  if (check(value) === undefined) return { ...value };
  const fields = Object.keys(value);
  const unnamed = (branch: SchemaObject) => {
    const names = propertyNames(branch);
    return fields.filter((field) => !names.has(field)).length;
  };
  const ranked = branches.map((branch) => ({ branch, misses: unnamed(branch) }));
  ranked.sort((a, b) => a.misses - b.misses);
  for (const { branch } of ranked) {
    const fitted = fitToSchema(checkerFor, branch, value, seedText, keep);
    if (check(fitted) === undefined) return fitted;
  }
  return { ...value };
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
