import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";
import type { CrudAction, Resource, SpecModel } from "./infer-resources.js";
import { idInBody, isItem, keepId, withRequired } from "./item-from-body.js";
import { mergePatch } from "./merge-patch.js";
import { type CheckerFor, type RequestProblem, readBody } from "./read-request.js";
import { itemAnswer, listAnswer } from "./resource-answers.js";
import type { ResourceStore } from "./resource-store.js";
import { errorAnswer, type Success, successOf } from "./spec-answers.js";
import type { IdFor } from "./spec-seed.js";

/** What answering a request needs: the spec, what was inferred from it, its checks and its state. */
export interface SpecContext {
  index: OperationIndex;
  model: SpecModel;
  checkerFor: CheckerFor;
  store: ResourceStore;
  idFor: IdFor;
}

/** What one request reached: its operation, its path values and the request itself. */
export interface Reached {
  operation: IndexedOperation;
  /**
   * Path values by parameter name, as the store keys them (`keyOf`): read as their schema's type
   * first, so `/pets/01` and `/pets/1` are one pet when `petId` is an integer.
   */
  keys: Record<string, string>;
  request: Request;
}

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
  if (missing) return errorAnswer(operation, 404, missing, checkerFor);
  const collection = collectionKey(resource, keys);
  const success = successOf(operation, PREFERRED[action]);
  if (action === "list") return listAnswer(checkerFor, operation, success, store.list(collection));
  if (action === "create") return create(context, reached, resource, collection, success);
  const byBody = action.endsWith("-by-body");
  let body: unknown;
  if (byBody) {
    const read = await readBody(reached.request, operation, checkerFor);
    if (!read.ok) return refuse(context, operation, read);
    body = read.value;
  }
  const id = byBody ? idInBody(resource, body) : keys[resource.idParam];
  if (id === undefined)
    return errorAnswer(
      operation,
      invalidStatus(operation),
      `request body has no "${resource.idField}"`,
      checkerFor,
    );
  const existing = store.get(collection, id);
  if (!existing) return errorAnswer(operation, 404, `${resource.name} ${id} not found`, checkerFor);
  if (action === "read") return itemAnswer(checkerFor, operation, success, existing, resource.idField);
  if (action === "delete") {
    store.delete(collection, id);
    return itemAnswer(checkerFor, operation, success, existing, resource.idField);
  }
  if (!byBody) {
    const read = await readBody(reached.request, operation, checkerFor);
    if (!read.ok) return refuse(context, operation, read);
    body = read.value;
  }
  // A DELETE may have landed while the body arrived: writing now would bring the item back.
  if (!store.get(collection, id))
    return errorAnswer(operation, 404, `${resource.name} ${id} not found`, checkerFor);
  // A merge patch says exactly what changes (a null removes a field): nothing is made up for it.
  const updated = action.startsWith("update")
    ? keepId(resource, mergePatch(existing, body), existing)
    : withRequired(checkerFor, resource, keepId(resource, body, existing));
  store.put(collection, id, updated);
  return itemAnswer(checkerFor, operation, success, updated, resource.idField);
}

async function create(
  context: SpecContext,
  reached: Reached,
  resource: Resource,
  collection: string,
  success: Success,
): Promise<Response> {
  const { store, checkerFor } = context;
  const { operation, request } = reached;
  const read = await readBody(request, operation, checkerFor);
  if (!read.ok) return refuse(context, operation, read);
  const given = idInBody(resource, read.value);
  if (given !== undefined && store.get(collection, given)) {
    return errorAnswer(
      operation,
      conflictStatus(operation),
      `${resource.name} ${given} already exists`,
      checkerFor,
    );
  }
  const id = given ?? context.idFor(resource, store.ids(collection));
  const body =
    isItem(read.value) && resource.idField && given === undefined
      ? { ...read.value, [resource.idField]: id }
      : read.value;
  const item = withRequired(checkerFor, resource, body);
  const key = String(id);
  store.put(collection, key, item);
  const answer = itemAnswer(checkerFor, operation, success, item, resource.idField);
  // Where the new item is: the one way to find it when no field of its body says its id.
  answer.headers.set(
    "location",
    `${new URL(request.url).pathname.replace(/\/+$/, "")}/${encodeURIComponent(key)}`,
  );
  return answer;
}

/** Why a nested item's parent (`/owners/9` of `/owners/9/pets`) is missing, if it is. */
function missingParent(
  context: SpecContext,
  resource: Resource,
  keys: Record<string, string>,
): string | undefined {
  const parent = resource.parent;
  if (!parent) return undefined;
  const id = keys[parent.idParam];
  if (id === undefined) return undefined;
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

/** The answer to a request the emulator refuses: 413, 415, or the status of an invalid request. */
export function refuse(context: SpecContext, operation: IndexedOperation, problem: RequestProblem): Response {
  const status =
    problem.problem === "too-large" ? 413 : problem.problem === "media-type" ? 415 : invalidStatus(operation);
  return errorAnswer(operation, status, problem.message, context.checkerFor);
}

/** 400 for an invalid request; 422 where the spec declares 422 and no 400. */
function invalidStatus(operation: IndexedOperation): number {
  return !("400" in operation.responses) && "422" in operation.responses ? 422 : 400;
}

/** 409 for an id taken, where declared; else the status of an invalid request. */
function conflictStatus(operation: IndexedOperation): number {
  return "409" in operation.responses ? 409 : invalidStatus(operation);
}
