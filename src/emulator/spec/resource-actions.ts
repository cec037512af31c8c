import type { CrudAction, Resource } from "../../openapi/infer-resources.js";
import { idInBody, isItem } from "./item-from-body.js";
import { changeItem, createItem, idProblem } from "./item-writes.js";
import { type BodyRead, readBody } from "./read-request.js";
import { errorOf, refuse, refuseInvalid } from "./refusals.js";
import { itemAnswer, listAnswer } from "./resource-answers.js";
import { successOf } from "./spec-answers.js";
import type { Reached, SpecContext } from "./spec-context.js";

const PREFERRED: Record<CrudAction, number[]> = {
  list: [200],
  read: [200],
  create: [201, 200],
  replace: [200, 204],
  update: [200, 204],
  "replace-by-body": [200, 204],
  "update-by-body": [200, 204],
  delete: [204, 200, 202],
};

/** A CRUD action on a resource's items, from the in-memory store (docs/spec-emulator.md). */
export async function crud(
  context: SpecContext,
  reached: Reached,
  action: CrudAction,
  resource: Resource,
): Promise<Response> {
  const { store, checkerFor } = context;
  const { operation, keys } = reached;
  const missing = missingParent(context, resource, keys);
  if (missing) return errorOf(context, operation, "not-found", missing);
  const collection = collectionKey(resource, keys);
  const success = successOf(operation, PREFERRED[action]);
  if (action === "list") return listAnswer(checkerFor, operation, success, store.list(collection), resource);
  if (action === "create") return createItem(context, reached, resource, collection, success);
  let body: BodyRead | undefined;
  let id = keys[resource.idParam];
  if (action.endsWith("-by-body")) {
    body = await readBody(reached.request, operation, checkerFor);
    if (!body.ok) return refuse(context, operation, body);
    const value = isItem(body.value) ? body.value : {};
    const wrongId = idProblem(checkerFor, resource, value);
    if (wrongId) return refuseInvalid(context, operation, wrongId);
    id = idInBody(resource, value);
    if (id === undefined)
      return refuseInvalid(context, operation, `request body has no "${resource.idField}"`);
  }
  if (id === undefined) return refuseInvalid(context, operation, `the path has no {${resource.idParam}}`);
  const existing = store.get(collection, id);
  if (!existing) return errorOf(context, operation, "not-found", `${resource.name} ${id} not found`);
  if (action === "read") return itemAnswer(checkerFor, operation, success, existing, resource);
  if (action === "delete") {
    store.delete(collection, id);
    return itemAnswer(checkerFor, operation, success, existing, resource);
  }
  body ??= await readBody(reached.request, operation, checkerFor);
  if (!body.ok) return refuse(context, operation, body);
  return changeItem(context, reached, resource, { action, collection, id, existing, body, success });
}

/**
 * Why a nested item's parent (`/owners/9` of `/owners/9/pets`) is missing, if it is. A parent the API
 * cannot create (GitHub's `/orgs/{org}`, which has no `POST /orgs`) is not asked for: its children are
 * kept by its path alone, as there is no way to make it exist.
 */
function missingParent(
  context: SpecContext,
  resource: Resource,
  keys: Record<string, string>,
): string | undefined {
  const parent = resource.parent;
  if (!parent) return undefined;
  const id = keys[parent.idParam];
  if (id === undefined || !context.model.creatable.has(parent)) return missingParent(context, parent, keys);
  if (!context.store.get(collectionKey(parent, keys), id)) return `${parent.name} ${id} not found`;
  return missingParent(context, parent, keys);
}

/** The concrete path of a resource's collection for a request: `/owners/{ownerId}/pets` → `/owners/1/pets`. */
function collectionKey(resource: Resource, keys: Record<string, string>): string {
  return resource.collectionPath.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = keys[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}
