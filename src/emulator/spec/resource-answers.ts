import { envelopeBranches, itemEnvelope } from "../../openapi/envelope.js";
import type { Resource } from "../../openapi/infer-resources.js";
import { mergeAllOf } from "../../openapi/merge-all-of.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import { emptyResponse } from "../status-text.js";
import { generateValue, seedOf } from "./generate-value.js";
import { fitToSchema, isItem } from "./item-from-body.js";
import type { CheckerFor } from "./read-request.js";
import type { Item } from "./resource-store.js";
import { bodySchemaOf, exampleAnswer, jsonAnswer, type Success } from "./spec-answers.js";

/**
 * One stored item as the success answer wants it: as it is when it fits the answer schema, inside the
 * envelope the schema wraps it in (ReadMe's `{ "data": item, "type": "branch" }`, the metadata made
 * up), else with what the schema requires of it made up (`fitToSchema`, its id field unchanged); no body
 * where none is declared. An answer that is not the item (a delete answering a message, a create
 * answering `{}`) is the spec's example or generated data.
 */
export function itemAnswer(
  checkerFor: CheckerFor,
  operation: IndexedOperation,
  success: Success,
  item: Item,
  resource: Resource,
): Response {
  if (success.status === 204) return emptyResponse(204);
  // No success answer declared at all (the Petstore's POST /pet lists only 405): the item, as REST has it.
  if (!success.response) return jsonAnswer(success.status, item, success.type);
  const schema = bodySchemaOf(success.response);
  if (!schema) return emptyResponse(success.status);
  const check = checkerFor(schema, "response");
  if (check(item) === undefined) return jsonAnswer(success.status, item, success.type);
  const wrapped = inEnvelope(checkerFor, schema, item, resource, operation);
  if (wrapped) return jsonAnswer(success.status, wrapped, success.type);
  if (operation.method !== "DELETE") {
    const fitted = fitToSchema(checkerFor, schema, item, operation.pointer, resource.idField);
    if (check(fitted) === undefined) return jsonAnswer(success.status, fitted, success.type);
  }
  return exampleAnswer(success, seedOf(operation.pointer), checkerFor);
}

/**
 * The item inside the envelope the answer schema wraps it in, if it wraps it: `{ data: item }` (or
 * `{ data: [item] }`) with the envelope's other fields made up. Of a `oneOf`/`anyOf` of envelopes, the
 * first whose item the stored one fits as it is, else the first it can be fitted to.
 */
function inEnvelope(
  checkerFor: CheckerFor,
  schema: SchemaObject,
  item: Item,
  resource: Resource,
  operation: IndexedOperation,
): Item | undefined {
  const check = checkerFor(schema, "response");
  const envelope = itemEnvelope(schema, resource);
  if (!envelope) return loneWrapper(schema, item, (value) => check(value) === undefined);
  const branches = envelopeBranches(schema);
  for (const fit of [false, true]) {
    for (const branch of branches) {
      const held = mergeAllOf(branch).properties?.[envelope.property];
      const inner = envelope.array ? held?.items : held;
      if (!inner) continue;
      const fits = checkerFor(inner, "response")(item) === undefined;
      if (!fits && !fit) continue;
      const value = fits ? item : fitToSchema(checkerFor, inner, item, operation.pointer, resource.idField);
      const wrapper = madeUpWrapper(branch, operation);
      wrapper[envelope.property] = envelope.array ? [value] : value;
      if (check(wrapper) === undefined) return wrapper;
    }
  }
  return undefined;
}

/** `{ "data": item }` when the answer schema is an object with one property that holds the item. */
function loneWrapper(schema: SchemaObject, item: Item, fits: (value: unknown) => boolean): Item | undefined {
  const properties = Object.keys(mergeAllOf(schema).properties ?? {});
  if (properties.length !== 1) return undefined;
  const wrapped = { [properties[0] as string]: item };
  return fits(wrapped) ? wrapped : undefined;
}

/** The fields of an envelope beside the item (`type`, `paging`), generated from its schema, seeded per operation. */
function madeUpWrapper(schema: SchemaObject, operation: IndexedOperation): Item {
  const generated = generateValue(schema, "response", seedOf(operation.pointer));
  return isItem(generated) ? generated : {};
}

/**
 * A list as the answer schema wants it: a bare array, or the one array property of an object, or the
 * array an envelope holds the items in (of a `oneOf`/`anyOf` of envelopes, the first the items fit),
 * its `count`/`total` fields set to the number of items. Items the list's item schema describes
 * otherwise than the stored ones are fitted to it (`fitToSchema`), so the answer stays on its schema.
 */
export function listAnswer(
  checkerFor: CheckerFor,
  operation: IndexedOperation,
  success: Success,
  items: Item[],
  resource: Resource,
): Response {
  if (!success.response) return jsonAnswer(success.status, items, success.type);
  const schema = bodySchemaOf(success.response);
  if (!schema) return emptyResponse(success.status);
  const merged = mergeAllOf(schema);
  const arrays = Object.entries(merged.properties ?? {}).filter(([, property]) => property?.type === "array");
  const field =
    merged.type === "array"
      ? undefined
      : arrays.length === 1
        ? arrays[0]?.[0]
        : itemEnvelope(schema, resource)?.property;
  if (field === undefined)
    return jsonAnswer(success.status, fitItems(checkerFor, merged.items, items, operation), success.type);
  const check = checkerFor(schema, "response");
  let first: Item | undefined;
  for (const branch of envelopeBranches(schema)) {
    const list = listIn(checkerFor, branch, field, items, operation);
    first ??= list;
    if (check(list) === undefined) return jsonAnswer(success.status, list, success.type);
  }
  return jsonAnswer(success.status, first ?? {}, success.type);
}

/** The items in the array property `field` of a made-up object of `schema`, its counts set. */
function listIn(
  checkerFor: CheckerFor,
  schema: SchemaObject,
  field: string,
  items: Item[],
  operation: IndexedOperation,
): Item {
  const wrapper = madeUpWrapper(schema, operation);
  wrapper[field] = fitItems(checkerFor, mergeAllOf(schema).properties?.[field]?.items, items, operation);
  for (const [name, value] of Object.entries(wrapper)) {
    if (typeof value === "number" && /count|total/i.test(name)) wrapper[name] = items.length;
  }
  return wrapper;
}

function fitItems(
  checkerFor: CheckerFor,
  schema: SchemaObject | undefined,
  items: Item[],
  operation: IndexedOperation,
): Item[] {
  if (!schema) return items;
  const check = checkerFor(schema, "response");
  return items.map((item) =>
    check(item) === undefined ? item : fitToSchema(checkerFor, schema, item, operation.pointer),
  );
}
