import { ToolDeckError } from "../../errors.js";
import type { Resource, SpecModel } from "../../openapi/infer-resources.js";
import { jsonMedia, mediaExample } from "../../openapi/media-types.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import { fitsTemplate } from "../../openapi/template-segment.js";
import { idInBody, isItem, keyOf } from "./item-from-body.js";
import { createIdTally, type IdTally } from "./next-id.js";
import type { Item } from "./resource-store.js";

/** Items to start from, by collection path: `{ "/pets": [...], "/owners/1/pets": [...] }`. */
export type SeedData = Record<string, unknown[]>;

/** Gives an item without an id in its id field the id it is stored under; undefined when none is free. */
export type IdFor = (resource: Resource, taken: IdTally) => string | number | undefined;

/**
 * The emulator's starting state: the given seed data, else, for each top-level collection, the
 * spec's examples of its list answer or of its item schema. Every seeded item gets an id (its id
 * field's, else a new one). A seed key that is no collection of the spec, or an item that is not an
 * object, is a `load` error naming it.
 */
export function buildSeed(
  model: SpecModel,
  listOf: (resource: Resource) => IndexedOperation | undefined,
  seed: SeedData | undefined,
  idFor: IdFor,
  label: string,
  madeUp?: (resource: Resource) => unknown,
): Map<string, Map<string, Item>> {
  const state = new Map<string, Map<string, Item>>();
  const entries = seed ? Object.entries(seed) : fromExamples(model, listOf);
  if (madeUp) {
    for (const resource of model.resources) {
      const path = resource.collectionPath;
      if (path.includes("{") || entries.some(([collection]) => collection === path)) continue;
      const item = madeUp(resource);
      if (isItem(item))
        entries.push([path, [resource.idField ? { ...item, [resource.idField]: undefined } : item]]);
    }
  }
  for (const [collection, items] of entries) {
    const resource = resourceFor(model, collection);
    if (!resource)
      throw new ToolDeckError("load", `${label}: "${collection}" is not a collection of the spec`);
    if (!Array.isArray(items))
      throw new ToolDeckError("load", `${label}: "${collection}" must be an array of items`);
    state.set(collection.replace(/\/+$/, ""), seedCollection(resource, collection, items, idFor, label));
  }
  return state;
}

/**
 * One collection's items by id: the ids the items give are taken first, so an id made up for another
 * item never lands on one of them.
 */
function seedCollection(
  resource: Resource,
  collection: string,
  items: unknown[],
  idFor: IdFor,
  label: string,
): Map<string, Item> {
  const taken = createIdTally();
  const given = items.map((item, i) => {
    if (!isItem(item)) throw new ToolDeckError("load", `${label}: "${collection}"[${i}] must be an object`);
    const id = idInBody(resource, item);
    if (id !== undefined) taken.add(id);
    return id;
  });
  const stored = new Map<string, Item>();
  items.forEach((item, i) => {
    const id = given[i] ?? idFor(resource, taken);
    if (id === undefined)
      throw new ToolDeckError("load", `${label}: "${collection}"[${i}]: no ${resource.name} id is free`);
    const key = keyOf(id);
    const record =
      resource.idField && given[i] === undefined
        ? { ...(item as Item), [resource.idField]: id }
        : (item as Item);
    stored.set(key, record);
    taken.add(key);
  });
  return stored;
}

/** The resource whose collection template a concrete path fits (`/owners/1/pets` → pets). */
export function resourceFor(model: SpecModel, collection: string): Resource | undefined {
  const path = collection.replace(/\/+$/, "");
  return model.resources.find((resource) => fitsTemplate(resource.collectionPath, path));
}

/** Top-level collections whose list answer or item schema has examples. */
function fromExamples(
  model: SpecModel,
  listOf: (resource: Resource) => IndexedOperation | undefined,
): [string, unknown[]][] {
  const entries: [string, unknown[]][] = [];
  for (const resource of model.resources) {
    if (resource.collectionPath.includes("{")) continue;
    const items = listExample(listOf(resource)) ?? schemaExamples(resource);
    // Examples are a best effort: a list of strings (names, not items) seeds nothing.
    if (items && items.length > 0 && items.every(isItem)) entries.push([resource.collectionPath, items]);
  }
  return entries;
}

function listExample(list: IndexedOperation | undefined): unknown[] | undefined {
  if (!list) return undefined;
  const success = Object.entries(list.responses).find(([status]) => /^2/.test(status))?.[1];
  const example = mediaExample(jsonMedia(success?.content))?.value;
  if (Array.isArray(example)) return example;
  if (typeof example === "object" && example !== null) {
    const arrays = Object.values(example).filter(Array.isArray);
    if (arrays.length === 1) return arrays[0];
  }
  return undefined;
}

function schemaExamples(resource: Resource): unknown[] | undefined {
  const schema = resource.itemSchema;
  if (!schema) return undefined;
  if (Array.isArray(schema.examples)) return schema.examples;
  return schema.example === undefined ? undefined : [schema.example];
}
