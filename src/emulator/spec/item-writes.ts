import type { CrudAction, Resource } from "../../openapi/infer-resources.js";
import { mergeAllOf } from "../../openapi/merge-all-of.js";
import { idInBody, isItem, keepId, keyOf, withRequired } from "./item-from-body.js";
import { mergePatch } from "./merge-patch.js";
import { type BodyRead, type CheckerFor, readBody } from "./read-request.js";
import { errorOf, refuse, refuseInvalid } from "./refusals.js";
import { itemAnswer } from "./resource-answers.js";
import type { Item } from "./resource-store.js";
import type { Success } from "./spec-answers.js";
import type { Reached, SpecContext } from "./spec-context.js";

/**
 * POST on a collection: the body's id when it gives one (of the id field's type, and free), else one
 * made up that fits and is free; the required fields the body lacks made up. A body that is no object
 * (a null the spec allows) makes an item of its own. The answer says in `Location` where the item is.
 */
export async function createItem(
  context: SpecContext,
  reached: Reached,
  resource: Resource,
  collection: string,
  success: Success,
): Promise<Response> {
  const { store, checkerFor } = context;
  const { operation, request, url } = reached;
  const read = await readBody(request, operation, checkerFor);
  if (!read.ok) return refuse(context, operation, read);
  const body = isItem(read.value) ? read.value : {};
  const wrongId = idProblem(checkerFor, resource, body);
  if (wrongId) return refuseInvalid(context, operation, wrongId);
  const given = idInBody(resource, body);
  if (given !== undefined && store.get(collection, given))
    return errorOf(context, operation, "conflict", `${resource.name} ${given} already exists`);
  const id = given ?? context.idFor(resource, store.ids(collection));
  if (id === undefined) {
    const message = `no ${resource.name} id is free (every one its schema allows is taken)`;
    return errorOf(context, operation, "conflict", message);
  }
  const key = keyOf(id);
  const withId = resource.idField && given === undefined ? { ...body, [resource.idField]: id } : body;
  const item = withRequired(checkerFor, resource, withId);
  store.put(collection, key, item);
  const answer = itemAnswer(checkerFor, operation, success, item, resource);
  const path = url.pathname.replace(/\/+$/, "");
  answer.headers.set("location", `${path}/${encodeURIComponent(key)}`);
  return answer;
}

/** Where a PUT or PATCH lands: the item found, under its collection and id, and the body read. */
export interface Change {
  action: CrudAction;
  collection: string;
  id: string;
  existing: Item;
  body: Extract<BodyRead, { ok: true }>;
  success: Success;
}

/**
 * PUT replaces the item with the body, PATCH merges the body into it (`mergePatch`: a `null` removes a
 * field in `application/merge-patch+json`, and sets null where the item may hold one in plain JSON);
 * neither moves its id, and the result is stored as the answers describe it (`withRequired`). Nothing
 * is lost: without a body (where the operation makes it optional), or with one no item can be made of
 * (a null the spec allows), the item stays as it is; a patch that would remove a required field is
 * refused.
 */
export function changeItem(
  context: SpecContext,
  reached: Reached,
  resource: Resource,
  change: Change,
): Response {
  const { store, checkerFor } = context;
  const { operation, request } = reached;
  const { collection, id, existing, body, success } = change;
  // A DELETE may have landed while the body arrived: writing now would bring the item back.
  if (!store.get(collection, id))
    return errorOf(context, operation, "not-found", `${resource.name} ${id} not found`);
  if (!body.present || !isItem(body.value))
    return itemAnswer(checkerFor, operation, success, existing, resource);
  let changed: Item = body.value;
  if (change.action.startsWith("update")) {
    const plainJson = !/merge-patch/i.test(request.headers.get("content-type") ?? "");
    const keepsNull = (field: string) => plainJson && admitsNull(checkerFor, resource, field);
    changed = mergePatch(existing, body.value, keepsNull) as Item;
    const lost = requiredOf(resource).filter((field) => field in existing && !(field in changed));
    if (lost.length > 0) {
      const fields = lost.map((field) => `"${field}"`).join(", ");
      return refuseInvalid(
        context,
        operation,
        `request body would remove ${fields}, required of ${resource.name} ${id}`,
      );
    }
  }
  const updated = withRequired(checkerFor, resource, keepId(resource, changed, existing));
  store.put(collection, id, updated);
  return itemAnswer(checkerFor, operation, success, updated, resource);
}

/** Why the id a body gives is not one of the id field's (`request body: /id must be integer`), if it is not. */
export function idProblem(checkerFor: CheckerFor, resource: Resource, body: Item): string | undefined {
  if (!resource.idField) return undefined;
  const value = body[resource.idField];
  if (value === undefined || value === null) return undefined;
  const problem =
    typeof value === "object"
      ? "must be a string or a number"
      : (unaddressable(keyOf(value)) ??
        (resource.idSchema && checkerFor(resource.idSchema, "response")(value)));
  return problem ? `request body: /${resource.idField} ${problem}` : undefined;
}

/**
 * Why an item under this key could never be read, changed or deleted: every URL parser turns `/x/.`
 * and `/x/..` into the collection (or its parent), `/x/` is the collection, and a `/` in a key (even as
 * `%2F`) is a path segment to most clients and proxies. Undefined for a key a URL can name.
 */
function unaddressable(key: string): string | undefined {
  if (key === "" || key === "." || key === "..")
    return `must not be ${JSON.stringify(key)}: no URL can address it`;
  if (key.includes("/")) return `must not contain "/": no URL can address it`;
  return undefined;
}

/** The fields every item must hold, as its answers describe it. */
function requiredOf(resource: Resource): string[] {
  if (!resource.itemSchema) return [];
  const merged = mergeAllOf(resource.itemSchema);
  return (merged.required ?? []).filter((field) => merged.properties?.[field]?.writeOnly !== true);
}

function admitsNull(checkerFor: CheckerFor, resource: Resource, field: string): boolean {
  const property = resource.itemSchema && mergeAllOf(resource.itemSchema).properties?.[field];
  return property !== undefined && checkerFor(property, "response")(null) === undefined;
}
