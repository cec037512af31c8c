import {
  explainKeys,
  explainRole,
  inferResources,
  type Resource,
  type SpecModel,
} from "../../openapi/infer-resources.js";
import type { OpenApiSpec } from "../../openapi/load-spec.js";
import { matchOperation } from "../../openapi/match-operation.js";
import {
  createOperationIndex,
  type IndexedOperation,
  type OperationIndex,
} from "../../openapi/operation-index.js";
import { nameComponentSchemas } from "../../openapi/schema-names.js";
import { serverUrlWithDefaults, splitServerUrl } from "../../openapi/server-url.js";
import { createCompileReport } from "./compile-report.js";
import { generateValue, seedOf } from "./generate-value.js";
import { keyOf } from "./item-from-body.js";
import { type IdRules, type IdTally, nextId } from "./next-id.js";
import { type CheckerFor, readBody, readParameters } from "./read-request.js";
import { explainStatuses, refuse } from "./refusals.js";
import { crud } from "./resource-actions.js";
import { createResourceStore, type Item } from "./resource-store.js";
import { explainSchemas } from "./schema-notes.js";
import { createSchemaValidator } from "./schema-validator.js";
import { seededRandom } from "./seeded-random.js";
import { exampleAnswer, problemAnswer, successOf } from "./spec-answers.js";
import type { Reached, SpecContext } from "./spec-context.js";
import { buildSeed, type SeedData } from "./spec-seed.js";
import { textAsType } from "./text-as-type.js";

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
  /**
   * Told each thing found while answering that the emulator cannot honour (a schema ajv cannot compile),
   * once, as the line `notes()` then holds: `serve --spec` prints them.
   */
  log?: (line: string) => void;
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
  /**
   * One line per thing of the spec the emulator cannot honour as written, and what it does instead: an
   * item no property addresses, a schema ajv cannot compile, a pattern it does not check or generate from.
   */
  notes(): string[];
  /** The spec's first server: where a tool reaches this emulator (origin undefined for a relative URL). */
  server: { origin: string | undefined; basePath: string };
  index: OperationIndex;
}

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
  nameComponentSchemas(index.spec.document);
  const model = inferResources(index);
  const compileReport = createCompileReport(index, options.log);
  const checkerFor = createSchemaValidator(index.spec.version, compileReport.onUncompilable);
  let random = seededRandom(options.randomSeed ?? 1);
  const rules = new Map<Resource, IdRules>();
  const idFor = (resource: Resource, taken: IdTally) => {
    let rule = rules.get(resource);
    if (!rule) {
      rule = idRules(resource, checkerFor);
      rules.set(resource, rule);
    }
    return nextId(rule, taken, random);
  };
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
  const context: SpecContext = { index, model, checkerFor, store, idFor };
  return {
    fetch: (request) => answer(context, request),
    reset() {
      random = seededRandom(options.randomSeed ?? 1);
      store.reset();
    },
    snapshot: () => store.snapshot(),
    explain: () => index.operations.map((operation) => explainOperation(model, operation)),
    notes: () => [...explainKeys(model), ...compileReport.notes(), ...explainSchemas(index)],
    server: specServer(index),
    index,
  };
}

/** One line of `explain()`: what the emulator does for an operation, and its error statuses where not 400 and 404. */
function explainOperation(model: SpecModel, operation: IndexedOperation): string {
  const role = model.roles.get(operation) ?? { action: "answer", reason: "" };
  const findsItems =
    role.action !== "answer" &&
    ((role.action !== "list" && role.action !== "create") || hasCreatableParent(model, role.resource));
  return `${explainRole(operation, role)}${explainStatuses(operation, findsItems)}`;
}

/** Whether a request to a resource asks for a parent item (one the API can create: see `missingParent`). */
function hasCreatableParent(model: SpecModel, resource: Resource): boolean {
  for (let parent = resource.parent; parent; parent = parent.parent)
    if (model.creatable.has(parent)) return true;
  return false;
}

/** What a made-up id of a resource must fit: its id field's schema and its path parameter's. */
function idRules(resource: Resource, checkerFor: CheckerFor): IdRules {
  const fitsField = (id: string | number) =>
    resource.idSchema === undefined || checkerFor(resource.idSchema, "response")(id) === undefined;
  // A path carries text: the parameter's schema judges it as the emulator reads it (`"7"` as 7).
  const fitsPath = (id: string | number) =>
    resource.idParamSchemas.every(
      (schema) => checkerFor(schema, "request")(textAsType(String(id), schema)) === undefined,
    );
  return {
    schemas: [resource.idSchema, ...resource.idParamSchemas],
    name: resource.name,
    fits: (id) => fitsField(id) && fitsPath(id),
  };
}

/** Where a spec emulator answers: its description's first server (origin undefined for a relative URL). */
export function specServer(index: OperationIndex): SpecEmulator["server"] {
  const first = index.spec.document.servers?.[0];
  return first ? splitServerUrl(serverUrlWithDefaults(first)) : { origin: undefined, basePath: "" };
}

async function answer(context: SpecContext, request: Request): Promise<Response> {
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
    if (match.reason === "method-not-allowed")
      return problemAnswer(405, match.message, { allow: match.allowed.join(", ") });
    return problemAnswer(404, match.message);
  }
  const { operation } = match;
  // Path values come decoded from the match (`%2F` is `/` in an id).
  const url = new URL(request.url);
  const parameters = readParameters(request, url, operation, match.params, context.checkerFor);
  if (!parameters.ok) return refuse(context, operation, parameters);
  const keys = { ...match.params };
  for (const [name, value] of Object.entries(parameters.path))
    keys[name] = pathKey(value, match.params[name]);
  const role = context.model.roles.get(operation);
  const reached: Reached = { operation, keys, request, url };
  if (!role || role.action === "answer") return answerFromSpec(context, reached);
  return crud(context, reached, role.action, role.resource);
}

/**
 * A path value as the store keys it; an integer beyond 2^53 keeps its own digits (`9007199254740993`
 * read as a number is …992, another item's key).
 */
function pathKey(value: unknown, raw: string | undefined): string {
  if (typeof value === "number" && !Number.isSafeInteger(value) && raw !== undefined && /^-?\d+$/.test(raw))
    return BigInt(raw).toString();
  return keyOf(value);
}

/** The success statuses an operation that is not CRUD answers with, the first it declares. */
const ANSWER_STATUSES = [200, 201];

/** Operations that are not CRUD: the request is still checked, the answer comes from the spec. */
async function answerFromSpec(context: SpecContext, { operation, request }: Reached): Promise<Response> {
  const body = await readBody(request, operation, context.checkerFor);
  if (!body.ok) return refuse(context, operation, body);
  return exampleAnswer(successOf(operation, ANSWER_STATUSES), seedOf(operation.pointer), context.checkerFor);
}

function listOperation(model: SpecModel, resource: Resource): IndexedOperation | undefined {
  for (const [operation, role] of model.roles) {
    if (role.action === "list" && role.resource === resource) return operation;
  }
  return undefined;
}
