import {
  type CrudAction,
  explainRole,
  inferResources,
  type Resource,
  type SpecModel,
} from "../../openapi/infer-resources.js";
import type { OpenApiSpec } from "../../openapi/load-spec.js";
import { matchOperation } from "../../openapi/match-operation.js";
import { OPENAPI_METHODS } from "../../openapi/openapi-document.js";
import {
  createOperationIndex,
  type IndexedOperation,
  type OperationIndex,
} from "../../openapi/operation-index.js";
import { serverUrlWithDefaults, splitServerUrl } from "../../openapi/server-url.js";
import { generateValue, seedOf } from "./generate-value.js";
import { idInBody, isItem, keepId, withRequired } from "./item-from-body.js";
import { mergePatch } from "./merge-patch.js";
import { type IdTally, nextId } from "./next-id.js";
import { type CheckerFor, type RequestProblem, readBody, readParameters } from "./read-request.js";
import { itemAnswer, listAnswer } from "./resource-answers.js";
import { createResourceStore, type Item, type ResourceStore } from "./resource-store.js";
import { createSchemaValidator } from "./schema-validator.js";
import { seededRandom } from "./seeded-random.js";
import { errorAnswer, exampleAnswer, problemAnswer, type Success, successOf } from "./spec-answers.js";
import { buildSeed, type IdFor, type SeedData } from "./spec-seed.js";

/** A spec emulator's seed data, and the random seed of the values it makes up. */
export interface SpecEmulatorOptions {
  /** Items to start from (and return to on `reset()`), by collection path; default the spec's examples. */
  seed?: SeedData;
  /** How errors about the seed name it; default `seed`. */
  seedLabel?: string;
  /** Seed of the ids made up for new items (UUIDs); default 1, so runs repeat. */
  randomSeed?: number;
  /**
   * Start every top-level collection the seed leaves empty with one generated item (id 1, `"1"` or a
   * UUID, as the id's schema says), so a read of a seeded id finds something: what `check`'s probes
   * use. Default false: an empty store.
   */
  fillEmpty?: boolean;
}

/** An emulator of any OpenAPI description: its fetch handler, the origin it answers on, and its state. */
export interface SpecEmulator {
  /** Answers one HTTP request, in-process: the same handler `serve()` puts on a socket. */
  fetch(request: Request): Promise<Response>;
  /** Back to the seed. */
  reset(): void;
  /** A copy of every collection that holds items, by path (`/events`, `/owners/1/pets`). */
  snapshot(): Record<string, Item[]>;
  /** One line per operation: what the emulator does for it (`PATCH /events/{id} → update events`). */
  explain(): string[];
  /** The spec's first server: where a tool reaches this emulator (origin undefined for a relative URL). */
  server: { origin: string | undefined; basePath: string };
  index: OperationIndex;
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

/**
 * A stateful emulator of any OpenAPI service (docs/spec-emulator.md): collections and items inferred
 * from the paths answer CRUD from an in-memory store, every request is validated against its operation,
 * every answer uses a status the operation declares, and the other operations answer from examples or
 * seeded generated data.
 * @example
 * const emulator = createSpecEmulator(await loadSpec("tools/event-api.openapi.yaml"));
 * await emulator.fetch(new Request("http://localhost:5566/events", { method: "POST", body, headers }));
 */
export function createSpecEmulator(
  spec: OpenApiSpec | OperationIndex,
  options: SpecEmulatorOptions = {},
): SpecEmulator {
  const index = "operations" in spec ? spec : createOperationIndex(spec);
  const model = inferResources(index);
  const checkerFor = createSchemaValidator(index.spec.version);
  let random = seededRandom(options.randomSeed ?? 1);
  const idFor = (resource: Resource, taken: IdTally) =>
    nextId(resource.idSchema, taken, random, resource.name);
  const madeUp = (resource: Resource) =>
    resource.itemSchema && generateValue(resource.itemSchema, "response", seedOf(resource.itemPath));
  const seed = buildSeed(
    model,
    (resource) => listOperation(model, resource),
    options.seed,
    idFor,
    options.seedLabel ?? "seed",
    options.fillEmpty ? madeUp : undefined,
  );
  const store = createResourceStore(seed);
  const context: Context = { index, model, checkerFor, store, idFor };
  return {
    fetch: (request) => answer(context, request),
    reset() {
      random = seededRandom(options.randomSeed ?? 1);
      store.reset();
    },
    snapshot: () => store.snapshot(),
    explain: () =>
      index.operations.map((operation) =>
        explainRole(operation, model.roles.get(operation) ?? { action: "answer", reason: "" }),
      ),
    server: specServer(index),
    index,
  };
}

/** Where a spec emulator answers: its description's first server (origin undefined for a relative URL). */
export function specServer(index: OperationIndex): SpecEmulator["server"] {
  const first = index.spec.document.servers?.[0];
  return first ? splitServerUrl(serverUrlWithDefaults(first)) : { origin: undefined, basePath: "" };
}

interface Context {
  index: OperationIndex;
  model: SpecModel;
  checkerFor: CheckerFor;
  store: ResourceStore;
  idFor: IdFor;
}

/** What one request reached: its operation and its decoded path values. */
interface Reached {
  operation: IndexedOperation;
  path: Record<string, string>;
  request: Request;
}

async function answer(context: Context, request: Request): Promise<Response> {
  const head = request.method === "HEAD";
  const match = matchOperation(context.index, request.method, request.url);
  if (!match.ok) {
    if (head) {
      const asGet = await answer(context, new Request(request.url, { headers: request.headers }));
      return new Response(null, {
        status: asGet.status,
        statusText: asGet.statusText,
        headers: asGet.headers,
      });
    }
    if (match.reason === "method-not-allowed") {
      const allow = allowedMethods(context.index, request.url).join(", ");
      return problemAnswer(405, match.message, { allow });
    }
    return problemAnswer(404, match.message);
  }
  const { operation } = match;
  // Path values come decoded from the match (`%2F` is `/` in an id).
  const path = match.params;
  const parameters = readParameters(request, operation, path, context.checkerFor);
  if (!parameters.ok) return refuse(context, operation, parameters);
  const role = context.model.roles.get(operation);
  const reached: Reached = { operation, path, request };
  if (!role || role.action === "answer") return answerFromSpec(context, reached);
  return crud(context, reached, role.action, role.resource);
}

/** Operations that are not CRUD: the request is still checked, the answer comes from the spec. */
async function answerFromSpec(context: Context, { operation, request }: Reached): Promise<Response> {
  const body = await readBody(request, operation, context.checkerFor);
  if (!body.ok) return refuse(context, operation, body);
  return exampleAnswer(successOf(operation, [200, 201]), seedOf(operation.pointer), context.checkerFor);
}

async function crud(
  context: Context,
  reached: Reached,
  action: CrudAction,
  resource: Resource,
): Promise<Response> {
  const { store, checkerFor } = context;
  const { operation, path } = reached;
  const missing = missingParent(context, resource, path);
  if (missing) return errorAnswer(operation, 404, missing, checkerFor);
  const collection = collectionKey(resource, path);
  const success = successOf(operation, PREFERRED[action]);
  if (action === "list") return listAnswer(operation, success, store.list(collection));
  if (action === "create") return create(context, reached, resource, collection, success);
  const byBody = action.endsWith("-by-body");
  let body: unknown;
  if (byBody) {
    const read = await readBody(reached.request, operation, checkerFor);
    if (!read.ok) return refuse(context, operation, read);
    body = read.value;
  }
  const id = byBody ? idInBody(resource, body) : path[resource.idParam];
  if (id === undefined)
    return errorAnswer(
      operation,
      invalidStatus(operation),
      `request body has no "${resource.idField}"`,
      checkerFor,
    );
  const existing = store.get(collection, id);
  if (!existing) return errorAnswer(operation, 404, `${resource.name} ${id} not found`, checkerFor);
  if (action === "read") return itemAnswer(context.checkerFor, operation, success, existing);
  if (action === "delete") {
    store.delete(collection, id);
    return itemAnswer(context.checkerFor, operation, success, existing);
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
    : withRequired(context.checkerFor, resource, keepId(resource, body, existing));
  store.put(collection, id, updated);
  return itemAnswer(context.checkerFor, operation, success, updated);
}

async function create(
  context: Context,
  reached: Reached,
  resource: Resource,
  collection: string,
  success: Success,
) {
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
  const item = withRequired(context.checkerFor, resource, body);
  store.put(collection, String(id), item);
  return itemAnswer(context.checkerFor, operation, success, item);
}

/** Why a nested item's parent (`/owners/9` of `/owners/9/pets`) is missing, if it is. */
function missingParent(
  context: Context,
  resource: Resource,
  path: Record<string, string>,
): string | undefined {
  const parent = resource.parent;
  if (!parent) return undefined;
  const id = path[parent.idParam];
  if (id === undefined) return undefined;
  if (!context.store.get(collectionKey(parent, path), id)) return `${parent.name} ${id} not found`;
  return missingParent(context, parent, path);
}

/** The concrete path of a resource's collection for a request: `/owners/{ownerId}/pets` → `/owners/1/pets`. */
function collectionKey(resource: Resource, path: Record<string, string>): string {
  return resource.collectionPath.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = path[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}

function listOperation(model: SpecModel, resource: Resource): IndexedOperation | undefined {
  for (const [operation, role] of model.roles) {
    if (role.action === "list" && role.resource === resource) return operation;
  }
  return undefined;
}

function refuse(context: Context, operation: IndexedOperation, problem: RequestProblem): Response {
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

/** The methods a path has, for `Allow`. */
function allowedMethods(index: OperationIndex, url: string): string[] {
  return OPENAPI_METHODS.map((method) => method.toUpperCase()).filter(
    (method) => matchOperation(index, method, url).ok,
  );
}
