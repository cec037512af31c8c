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
 * One stored item as the success answer wants it: as it is when it fits the answer schema, wrapped when
 * the schema is an object holding it in its one property, else with what the schema requires of it
 * made up (`fitToSchema`, `keep` unchanged); no body where none is declared. An answer that is not the
 * item (a delete answering a message, a create answering `{}`) is the spec's example or generated data.
 */
export function itemAnswer(
  checkerFor: CheckerFor,
  operation: IndexedOperation,
  success: Success,
  item: Item,
  keep?: string,
): Response {
  if (success.status === 204) return emptyResponse(204);
  // No success answer declared at all (the Petstore's POST /pet lists only 405): the item, as REST has it.
  if (!success.response) return jsonAnswer(success.status, item, success.type);
  const schema = bodySchemaOf(success.response);
  if (!schema) return emptyResponse(success.status);
  const check = checkerFor(schema, "response");
  if (check(item) === undefined) return jsonAnswer(success.status, item, success.type);
  const wrapper = wrapperProperty(schema, (value) => check(value) === undefined, item);
  if (wrapper) return jsonAnswer(success.status, wrapper, success.type);
  if (operation.method !== "DELETE") {
    const fitted = fitToSchema(checkerFor, schema, item, operation.pointer, keep);
    if (check(fitted) === undefined) return jsonAnswer(success.status, fitted, success.type);
  }
  return exampleAnswer(success, seedOf(operation.pointer), checkerFor);
}

/** `{ "data": item }` when the answer schema is an object with one property that holds the item. */
function wrapperProperty(schema: SchemaObject, fits: (value: unknown) => boolean, item: Item) {
  const properties = Object.keys(mergeAllOf(schema).properties ?? {});
  if (properties.length !== 1) return undefined;
  const wrapped = { [properties[0] as string]: item };
  return fits(wrapped) ? wrapped : undefined;
}

/**
 * A list as the answer schema wants it: a bare array, or the one array property of an object (its
 * `count`/`total` fields set to the number of items). Items the list's item schema describes otherwise
 * than the stored ones are fitted to it (`fitToSchema`), so the answer stays on its schema.
 */
export function listAnswer(
  checkerFor: CheckerFor,
  operation: IndexedOperation,
  success: Success,
  items: Item[],
): Response {
  if (!success.response) return jsonAnswer(success.status, items, success.type);
  const schema = bodySchemaOf(success.response);
  if (!schema) return emptyResponse(success.status);
  const merged = mergeAllOf(schema);
  const arrays = Object.entries(merged.properties ?? {}).filter(([, property]) => property?.type === "array");
  if (merged.type === "array" || arrays.length !== 1)
    return jsonAnswer(success.status, fitItems(checkerFor, merged.items, items, operation), success.type);
  const generated = generateValue(schema, "response", seedOf(operation.pointer));
  const wrapper: Item = isItem(generated) ? generated : {};
  const [field, array] = arrays[0] as [string, SchemaObject];
  wrapper[field] = fitItems(checkerFor, array.items, items, operation);
  for (const [name, value] of Object.entries(wrapper)) {
    if (typeof value === "number" && /count|total/i.test(name)) wrapper[name] = items.length;
  }
  return jsonAnswer(success.status, wrapper, success.type);
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
