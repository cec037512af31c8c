import { mergeAllOf } from "./merge-all-of.js";
import type { SchemaObject } from "./openapi-document.js";

/** Where an answer holds its resource: `{ "data": item }`, `{ "total": 1, "data": [item] }`. */
export interface Envelope {
  /** The property holding the item or the list: `data`. */
  property: string;
  /** Whether it holds an array of items. */
  array: boolean;
  /** The item's schema inside it (a `oneOf`/`anyOf` of each branch's item where the answer is one). */
  inner: SchemaObject;
}

/**
 * How much a schema looks like the resource's item (its key field, the names a create's body writes):
 * 0 for nothing in common.
 */
export type ItemLikeness = (schema: SchemaObject) => number;

/**
 * The envelope an answer schema wraps its resource in, found by shape rather than by name: an object
 * one of whose properties holds an object (or an array of objects) that looks more like the resource
 * than the answer itself does, beside metadata (ReadMe's `{ data, type }`, a list's `{ data, paging,
 * total }`); a property alone in its object needs only to look no less like it. A `oneOf`/`anyOf` of
 * such objects is one when every branch wraps in the same property. Undefined for a bare item.
 * @example
 * findEnvelope({ type: "object", properties: { data: branch } }, likeness); // { property: "data", array: false, inner: branch }
 */
export function findEnvelope(schema: SchemaObject | undefined, likeness: ItemLikeness): Envelope | undefined {
  if (!schema) return undefined;
  const merged = mergeAllOf(schema);
  const branches = merged.properties ? undefined : (merged.oneOf ?? merged.anyOf);
  if (!Array.isArray(branches) || branches.length === 0) return objectEnvelope(merged, likeness);
  const found = branches.map((branch) => objectEnvelope(mergeAllOf(branch), likeness));
  const [first] = found;
  if (!first || found.some((e) => e?.property !== first.property || e.array !== first.array))
    return undefined;
  const keyword = merged.oneOf ? "oneOf" : "anyOf";
  return { ...first, inner: { [keyword]: found.map((envelope) => envelope?.inner) } };
}

/** The branches of an envelope schema, each an object wrapping the item (the schema itself when it is one). */
export function envelopeBranches(schema: SchemaObject): SchemaObject[] {
  const merged = mergeAllOf(schema);
  const branches = merged.properties ? undefined : (merged.oneOf ?? merged.anyOf);
  return Array.isArray(branches) && branches.length > 0 ? branches : [schema];
}

function objectEnvelope(schema: SchemaObject, likeness: ItemLikeness): Envelope | undefined {
  const properties = Object.entries(schema.properties ?? {});
  const holders = properties.flatMap(([property, value]) => {
    const held = heldItem(value);
    return held ? [{ property, ...held, score: likeness(held.inner) }] : [];
  });
  const best = holders.reduce<(typeof holders)[number] | undefined>(
    (top, holder) => (top === undefined || holder.score > top.score ? holder : top),
    undefined,
  );
  if (!best || holders.some((holder) => holder !== best && holder.score >= best.score)) return undefined;
  const own = likeness(schema);
  const alone = properties.length === 1;
  if (alone ? best.score < own : best.score <= own) return undefined;
  return { property: best.property, array: best.array, inner: best.inner };
}

/** The item a property holds: an object schema (or a `oneOf`/`anyOf` of them), or an array of one. */
function heldItem(schema: SchemaObject | undefined): { inner: SchemaObject; array: boolean } | undefined {
  if (!schema) return undefined;
  const merged = mergeAllOf(schema);
  if (merged.type === "array" || merged.items) {
    return merged.items && isObjectSchema(merged.items) ? { inner: merged.items, array: true } : undefined;
  }
  return isObjectSchema(schema) ? { inner: schema, array: false } : undefined;
}

function isObjectSchema(schema: SchemaObject, seen = new Set<SchemaObject>()): boolean {
  const merged = mergeAllOf(schema);
  if (merged.properties) return true;
  const branches = merged.oneOf ?? merged.anyOf;
  // A branch already on the way (a recursive schema) is no object of its own.
  if (!Array.isArray(branches) || branches.length === 0 || seen.has(schema)) return false;
  seen.add(schema);
  return branches.every((branch) => isObjectSchema(branch, seen));
}

/**
 * The property names a schema may give an item: its own (with `allOf` merged), or those of any branch
 * of its `oneOf`/`anyOf`.
 */
export function propertyNames(
  schema: SchemaObject | undefined,
  names = new Set<string>(),
  seen = new Set<SchemaObject>(),
): Set<string> {
  if (!schema || seen.has(schema)) return names;
  seen.add(schema);
  const merged = mergeAllOf(schema);
  for (const name of Object.keys(merged.properties ?? {})) names.add(name);
  for (const branch of merged.oneOf ?? merged.anyOf ?? []) propertyNames(branch, names, seen);
  return names;
}

/**
 * A likeness that counts the names a schema shares with the resource's (`names`), and weighs its key
 * field (as `keyOf` finds it) above them all.
 */
export function likenessTo(names: Set<string>, keyOf: (schema: SchemaObject) => boolean): ItemLikeness {
  return (schema) => {
    const own = propertyNames(schema);
    let shared = 0;
    for (const name of own) if (names.has(name)) shared++;
    return (keyOf(schema) ? 1000 : 0) + shared;
  };
}

/**
 * The envelope an answer schema wraps a known resource's item in (`findEnvelope`, judged by the item's
 * property names and its id field), if it wraps it.
 */
export function itemEnvelope(schema: SchemaObject | undefined, resource: KnownItem): Envelope | undefined {
  if (!schema || !resource.itemSchema) return undefined;
  let bySchema = envelopes.get(resource);
  if (!bySchema) {
    bySchema = new WeakMap();
    envelopes.set(resource, bySchema);
  }
  let found = bySchema.get(schema);
  if (found === undefined) {
    const { idField } = resource;
    const likeness = likenessTo(
      propertyNames(resource.itemSchema),
      (candidate) => idField !== undefined && propertyNames(candidate).has(idField),
    );
    found = findEnvelope(schema, likeness) ?? null;
    bySchema.set(schema, found);
  }
  return found ?? undefined;
}

/** What `itemEnvelope` knows of a resource: its item's schema and id field. */
type KnownItem = { itemSchema: SchemaObject | undefined; idField: string | undefined };

/** Envelopes found, by resource and answer schema: answers ask again for every item. */
const envelopes = new WeakMap<KnownItem, WeakMap<SchemaObject, Envelope | null>>();
