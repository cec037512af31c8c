import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { generateValue } from "../../../src/emulator/spec/generate-value.js";
import { createSchemaValidator } from "../../../src/emulator/spec/schema-validator.js";
import { documented } from "../../../src/emulator/spec/spec-answers.js";
import { createSpecEmulator, type SpecEmulator } from "../../../src/emulator/spec/spec-emulator.js";
import { textAsType } from "../../../src/emulator/spec/text-as-type.js";
import { itemEnvelope } from "../../../src/openapi/envelope.js";
import { type CrudAction, inferResources, type Resource } from "../../../src/openapi/infer-resources.js";
import { loadSpec, type OpenApiSpec } from "../../../src/openapi/load-spec.js";
import { matchOperation } from "../../../src/openapi/match-operation.js";
import { jsonMedia } from "../../../src/openapi/media-types.js";
import { mergeAllOf } from "../../../src/openapi/merge-all-of.js";
import type { SchemaObject } from "../../../src/openapi/openapi-document.js";
import type { IndexedOperation } from "../../../src/openapi/operation-index.js";
import { packagePath } from "../../../src/package/package-root.js";
import { loadGitHubSlice } from "../../support/github-slice.js";
import { oasExample } from "../../support/real-specs.js";

/** Sequences per description and commands per sequence; a fixed seed, so a failure replays the same way. */
const RUNS = 30;
const MAX_COMMANDS = 40;

type Json = Record<string, unknown>;
type CheckerFor = ReturnType<typeof createSchemaValidator>;

/** A description under test: how to load it, and the id field each of its resources must be found by. */
const SPECS: [name: string, load: () => Promise<OpenApiSpec>, keys: Record<string, string>][] = [
  ["the event API", () => loadSpec(packagePath("tools", "event-api.openapi.yaml")), { events: "id" }],
  [
    "the Petstore 3.0",
    () => loadSpec(oasExample("3.0/json/petstore.json")),
    { pet: "id", order: "id", user: "username" },
  ],
  [
    "the Petstore 3.1",
    () => loadSpec(oasExample("3.1/json/petstore.json")),
    { pet: "id", order: "id", user: "username" },
  ],
  ["petstore-expanded", () => loadSpec(oasExample("3.0/json/petstore-expanded.json")), { pets: "id" }],
  [
    "GitHub's issues, labels, milestones, releases and teams",
    loadGitHubSlice,
    { teams: "slug", issues: "number", labels: "name", milestones: "number", releases: "id" },
  ],
  // Answers in an envelope: { data: branch, type }, lists in { data: [...], paging, total }.
  ["ReadMe 3.1's branches", () => loadSpec(oasExample("3.1/json/readme.json")), { branches: "name" }],
  [
    "the Flowise API",
    () => loadSpec(packagePath("src", "emulator", "flowise", "openapi.yaml")),
    { chatflows: "id", tools: "id", store: "id" },
  ],
];

/** One resource's collection as the test drives it: its operations, where it is, its key. */
interface Collection {
  resource: Resource;
  key: string;
  numericKey: boolean;
  url: string;
  operations: Partial<Record<CrudAction, IndexedOperation>>;
}

/** What the emulator should hold: per collection, each item by key, as last answered (or written). */
interface Entry {
  item: Json;
  /** The item as the emulator answered it (compared whole), or as written (its written fields only). */
  answered: boolean;
}
type Model = Map<string, Map<string, Entry>>;

interface Real {
  emulator: SpecEmulator;
  checkerFor: CheckerFor;
  base: string;
}

/** `{owner}` → `o`, `{repo}` → `r`, `{org}` → `o`: one concrete collection per resource. */
function concrete(path: string): string {
  return path.replace(/\{(owner|org)\}/g, "o").replace(/\{repo\}/g, "r");
}

function collectionsOf(emulator: SpecEmulator, keys: Record<string, string>, base: string): Collection[] {
  const model = inferResources(emulator.index);
  return model.resources
    .filter((resource) => resource.name in keys)
    .map((resource) => {
      const operations: Partial<Record<CrudAction, IndexedOperation>> = {};
      for (const [operation, role] of model.roles) {
        if (role.action !== "answer" && role.resource === resource) operations[role.action] = operation;
      }
      const type = resource.idSchema?.type;
      return {
        resource,
        key: resource.idField ?? "",
        numericKey: type === "integer" || type === "number",
        url: `${base}${concrete(resource.collectionPath)}`,
        operations,
      };
    });
}

/** The key an item is stored under, as the store writes it (`keyOf`). */
function keyText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function itemUrl(collection: Collection, key: string): string {
  return `${collection.url}/${encodeURIComponent(key)}`;
}

/**
 * Sends a request and judges its answer against the description: a declared status (an undeclared 2xx
 * only where no success is declared, an undeclared 4xx only where no 4xx is, then as problem details),
 * in a declared media type, with a body on its declared schema.
 */
async function judged(real: Real, method: string, url: string, body?: unknown) {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "content-type": "application/json" };
  }
  const response = await real.emulator.fetch(new Request(url, init));
  const text = await response.text();
  const answer = text === "" ? undefined : (JSON.parse(text) as unknown);
  const where = `${method} ${url} → ${response.status} ${text.slice(0, 300)}`;
  const match = matchOperation(real.emulator.index, method, url);
  if (!match.ok) throw new Error(`${where}: no operation`);
  const declared = documented(match.operation, response.status);
  const type = response.headers.get("content-type");
  const statuses = Object.keys(match.operation.responses);
  if (!declared) {
    const undeclaredAllowed =
      response.status < 300
        ? !statuses.some((status) => /^2/.test(status))
        : !statuses.some((status) => /^4/.test(status)) && type === "application/problem+json";
    expect(undeclaredAllowed, `${where}: an undeclared status`).toBe(true);
  } else {
    const schema = jsonMedia(declared.content)?.schema;
    if (!declared.content) expect(text, `${where}: a body where none is declared`).toBe("");
    else if (text !== "") expect(Object.keys(declared.content), where).toContain(type);
    if (schema && answer !== undefined)
      expect(real.checkerFor(schema, "response")(answer), `${where}: off its schema`).toBeUndefined();
  }
  return { status: response.status, answer, location: response.headers.get("location") };
}

/** A request body for an operation: generated from its JSON schema (json-schema-faker, seeded). */
function bodyFor(operation: IndexedOperation | undefined, seed: number): unknown {
  const schema = jsonMedia(operation?.requestBody?.content)?.schema;
  return schema ? generateValue(schema, "request", seed) : undefined;
}

/**
 * The written fields an answer must hold as written: those whose value fits the item's own schema (of
 * a `oneOf`/`anyOf` item schema, one of its branches').
 */
function fittingFields(real: Real, collection: Collection, body: unknown): Json {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return {};
  const schema = collection.resource.itemSchema;
  const shapes = schema ? shapesOf(schema) : [];
  const fits = (name: string, value: unknown) =>
    shapes.some((shape) => {
      const property = mergeAllOf(shape).properties?.[name];
      return property !== undefined && real.checkerFor(property, "response")(value) === undefined;
    });
  return Object.fromEntries(
    Object.entries(body as Json).filter(([name, value]) => value !== null && fits(name, value)),
  );
}

/** The item an answer holds: the answer itself, or what its envelope wraps (ReadMe's `{ data: item }`). */
function itemIn(
  collection: Collection,
  operation: IndexedOperation | undefined,
  status: number,
  answer: unknown,
) {
  const schema = operation && jsonMedia(documented(operation, status)?.content)?.schema;
  const envelope = itemEnvelope(schema, collection.resource);
  if (!envelope || typeof answer !== "object" || answer === null) return answer;
  const held = (answer as Json)[envelope.property];
  return envelope.array && Array.isArray(held) ? held[0] : held;
}

/**
 * Whether the read's path parameter takes the key: the Petstore's POST /store/order takes any int64 id,
 * its GET /store/order/{orderId} only 1 to 10.
 */
function addressable(real: Real, operation: IndexedOperation, collection: Collection, key: string): boolean {
  const parameter = operation.parameters.find(
    (p) => p.in === "path" && p.name === collection.resource.idParam,
  );
  const schema = parameter?.schema;
  return !schema || real.checkerFor(schema, "request")(textAsType(key, schema)) === undefined;
}

/** Reads an item back: the model's item, whole when the emulator answered it, else its written fields. */
async function expectReadBack(real: Real, collection: Collection, key: string, entry: Entry | undefined) {
  const read = collection.operations.read;
  if (!read) return;
  const judgedRead = await judged(real, "GET", itemUrl(collection, key));
  const { status } = judgedRead;
  const answer = itemIn(collection, read, status, judgedRead.answer);
  if (!entry || !addressable(real, read, collection, key)) {
    expect(status, `GET ${key} after it was deleted or never made`).toBeGreaterThanOrEqual(400);
    return;
  }
  expect(status, `GET ${itemUrl(collection, key)}`).toBe(200);
  // A read may describe the item otherwise than the write's answer did (Flowise's POST answers
  // `webhookSecret: null`, its GET has no such field): the fields both describe alike read back.
  if (entry.answered)
    expect(answer).toMatchObject(asListed(real, entry.item, collection.resource.itemSchema));
  else expect(answer).toMatchObject(entry.item);
}

function itemsOf(model: Model, collection: Collection): Map<string, Entry> {
  let items = model.get(collection.url);
  if (!items) {
    items = new Map();
    model.set(collection.url, items);
  }
  return items;
}

/** A key of the model (by `pick` among those there) or, when there is none or `pick` says so, a missing one. */
function pickKey(model: Model, collection: Collection, pick: number): string {
  const keys = [...itemsOf(model, collection).keys()];
  if (keys.length === 0 || pick < 0)
    return collection.numericKey ? String(900_000 - pick) : `missing ${-pick}`;
  return keys[pick % keys.length] as string;
}

type KeyChoice =
  | { kind: "absent" }
  | { kind: "fresh"; value: number | string }
  | { kind: "existing"; pick: number }
  | { kind: "wrong type" }
  | { kind: "huge"; value: number };

/** POST on the collection; then the item made is read back. */
class Create implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly at: number,
    readonly collections: Collection[],
    readonly seed: number,
    readonly choice: KeyChoice,
  ) {}
  get collection() {
    return this.collections[this.at] as Collection;
  }
  check = () => this.collection.operations.create !== undefined;
  async run(model: Model, real: Real) {
    const { collection } = this;
    const items = itemsOf(model, collection);
    const generated = bodyFor(collection.operations.create, this.seed);
    const body: Json = typeof generated === "object" && generated !== null ? { ...(generated as Json) } : {};
    const { choice } = this;
    if (choice.kind === "absent") delete body[collection.key];
    if (choice.kind === "fresh" || choice.kind === "huge") body[collection.key] = choice.value;
    if (choice.kind === "wrong type") body[collection.key] = collection.numericKey ? "seven" : 7;
    const taken = choice.kind === "existing" && items.size > 0;
    if (taken)
      body[collection.key] = items.get(pickKey(model, collection, choice.pick))?.item[collection.key];
    const created = await judged(real, "POST", collection.url, body);
    const { status, location } = created;
    const answer = itemIn(collection, collection.operations.create, status, created.answer);
    if (taken || choice.kind === "wrong type")
      expect(status, `${this}: a taken or ill-typed id`).toBeGreaterThanOrEqual(400);
    if (status >= 300) return;
    const answered = typeof answer === "object" && answer !== null;
    // An empty or null id is no id: the emulator makes one up (the event API's "a non-empty id").
    const given =
      body[collection.key] === "" || body[collection.key] === null ? undefined : body[collection.key];
    if (given === undefined) delete body[collection.key];
    const key = answered
      ? keyText((answer as Json)[collection.key])
      : given !== undefined
        ? keyText(given)
        : decodeURIComponent((location ?? "").split("/").at(-1) ?? "");
    expect(items.has(key), `${this}: made ${key}, which was taken: an item overwritten`).toBe(false);
    if (given !== undefined) expect(key).toBe(keyText(given));
    const written = fittingFields(real, collection, body);
    if (answered) expect(answer).toMatchObject(written);
    // Without an answer body (the Petstore's POST /user), the item is what was written, under its key.
    const stored = given ?? (collection.numericKey ? Number(key) : key);
    const entry = answered
      ? { item: answer as Json, answered }
      : { item: { ...written, [collection.key]: stored }, answered };
    items.set(key, entry);
    await expectReadBack(real, collection, key, entry);
  }
  toString = () => `Create(${this.collection.resource.name}, ${this.seed}, ${JSON.stringify(this.choice)})`;
}

/** GET of an item the model holds, or of one it does not. */
class Read implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly at: number,
    readonly collections: Collection[],
    readonly pick: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const collection = this.collections[this.at] as Collection;
    const key = pickKey(model, collection, this.pick);
    await expectReadBack(real, collection, key, itemsOf(model, collection).get(key));
  }
  toString = () => `Read(${this.at}, ${this.pick})`;
}

/** PUT or PATCH of an item, with a generated body or none at all; then it is read back. */
class Update implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly at: number,
    readonly collections: Collection[],
    readonly pick: number,
    readonly seed: number,
    readonly withBody: boolean,
  ) {}
  get collection() {
    return this.collections[this.at] as Collection;
  }
  get action(): CrudAction | undefined {
    const { operations } = this.collection;
    return (["update", "replace", "update-by-body", "replace-by-body"] as const).find((a) => operations[a]);
  }
  check = () => this.action !== undefined;
  async run(model: Model, real: Real) {
    const { collection } = this;
    const action = this.action as CrudAction;
    const operation = collection.operations[action] as IndexedOperation;
    const items = itemsOf(model, collection);
    const key = pickKey(model, collection, this.pick);
    const before = items.get(key);
    const byBody = action.endsWith("-by-body");
    const generated = this.withBody || byBody ? bodyFor(operation, this.seed) : undefined;
    let body = generated;
    if (byBody)
      body = {
        ...(typeof generated === "object" && generated ? generated : {}),
        [collection.key]: before?.item[collection.key] ?? key,
      };
    const url = byBody ? collection.url : itemUrl(collection, key);
    const changed = await judged(real, operation.method, url, body);
    const { status } = changed;
    const answer = itemIn(collection, operation, status, changed.answer);
    if (!before || (!byBody && !addressable(real, operation, collection, key))) {
      expect(status, `${this}: an update of what is not there, or not at this path`).toBeGreaterThanOrEqual(
        400,
      );
      return;
    }
    if (status < 300 && typeof answer === "object" && answer !== null) {
      expect((answer as Json)[collection.key], `${this}: the id moved`).toEqual(before.item[collection.key]);
      // What was written holds, but the id: an update never moves an item.
      const { [collection.key]: _id, ...written } = fittingFields(real, collection, body);
      expect(answer).toMatchObject(written);
      if (body === undefined) expect(answer, `${this}: no body changed the item`).toEqual(before.item);
      items.set(key, { item: answer as Json, answered: true });
    }
    await expectReadBack(real, collection, key, items.get(key));
  }
  toString = () => `Update(${this.collection.resource.name}, ${this.pick}, ${this.seed}, ${this.withBody})`;
}

/** GET of the collection: every item the model holds, once each, as held. */
class List implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly at: number,
    readonly collections: Collection[],
  ) {}
  get collection() {
    return this.collections[this.at] as Collection;
  }
  check = () => this.collection.operations.list !== undefined;
  async run(model: Model, real: Real) {
    const { collection } = this;
    const { status, answer } = await judged(real, "GET", collection.url);
    expect(status).toBe(200);
    const listed = (
      Array.isArray(answer) ? answer : Object.values(answer as Json).find(Array.isArray)
    ) as Json[];
    const keys = listed.map((item) => keyText(item[collection.key]));
    const held = itemsOf(model, collection);
    expect(keys.toSorted(), `${this}: each item once, none else`).toEqual([...held.keys()].toSorted());
    const schema = listItemSchema(collection);
    for (const item of listed) {
      const entry = held.get(keyText(item[collection.key])) as Entry;
      expect(item, `${this}: a listed item is the one held`).toMatchObject(
        asListed(real, entry.item, schema),
      );
    }
  }
  toString = () => `List(${this.collection.resource.name})`;
}

/** The item schema of a collection's list answer: its array's, or its wrapper's one array's. */
function listItemSchema(collection: Collection): SchemaObject | undefined {
  const success = Object.entries(collection.operations.list?.responses ?? {}).find(([status]) =>
    /^2/.test(status),
  );
  const schema = jsonMedia(success?.[1].content)?.schema;
  if (!schema) return undefined;
  const merged = mergeAllOf(schema);
  if (merged.type === "array") return merged.items;
  return Object.values(merged.properties ?? {}).find((property) => property.type === "array")?.items;
}

/**
 * What a list must say of a held item: its fields as they are where the list's item schema describes
 * them alike. A list may describe items otherwise than a read (GitHub lists teams as `team`, reads them
 * as `team-full`): those fields are the list's to fill.
 */
function asListed(real: Real, item: Json, schema: SchemaObject | undefined): Json {
  if (!schema) return item;
  const shapes = shapesOf(schema);
  if (shapes.length === 0) return item;
  return Object.fromEntries(
    Object.entries(item).filter(([name, value]) =>
      shapes.some((shape) => {
        const property = mergeAllOf(shape).properties?.[name];
        return property !== undefined && real.checkerFor(property, "response")(value) === undefined;
      }),
    ),
  );
}

/** The object schemas an item may be: the schema itself, or the branches of its `oneOf`/`anyOf`. */
function shapesOf(schema: SchemaObject): SchemaObject[] {
  const merged = mergeAllOf(schema);
  return merged.properties ? [merged] : ((merged.oneOf ?? merged.anyOf ?? []) as SchemaObject[]);
}

/** DELETE of an item; then it is gone for a read. */
class Delete implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly at: number,
    readonly collections: Collection[],
    readonly pick: number,
  ) {}
  get collection() {
    return this.collections[this.at] as Collection;
  }
  check = () => this.collection.operations.delete !== undefined;
  async run(model: Model, real: Real) {
    const { collection } = this;
    const items = itemsOf(model, collection);
    const key = pickKey(model, collection, this.pick);
    const operation = collection.operations.delete as IndexedOperation;
    const { status } = await judged(real, "DELETE", itemUrl(collection, key));
    if (!items.has(key) || !addressable(real, operation, collection, key)) {
      expect(status, `${this}: delete of what is not there, or not at this path`).toBeGreaterThanOrEqual(400);
      return;
    }
    expect(status, `${this}: delete of an item held`).toBeLessThan(300);
    items.delete(key);
    await expectReadBack(real, collection, key, undefined);
  }
  toString = () => `Delete(${this.collection.resource.name}, ${this.pick})`;
}

function commandsFor(collections: Collection[]) {
  const at = fc.nat({ max: collections.length - 1 });
  // Mostly an item the model holds; -1 a missing one.
  const pick = fc.integer({ min: -1, max: 20 });
  const seed = fc.nat({ max: 10_000 });
  const choice: fc.Arbitrary<KeyChoice> = fc.oneof(
    fc.constant({ kind: "absent" as const }),
    fc.constant({ kind: "wrong type" as const }),
    fc.nat({ max: 20 }).map((n) => ({ kind: "existing" as const, pick: n })),
    fc
      .oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.stringMatching(/^[a-z0-9][a-z0-9 _-]{0,11}$/))
      .map((value) => ({
        kind: "fresh" as const,
        value,
      })),
    fc.constantFrom(2 ** 53, 1e20).map((value) => ({ kind: "huge" as const, value })),
  );
  return [
    fc
      .tuple(at, seed, choice)
      .map(([i, s, c]) => new Create(i, collections, s, normalizeChoice(collections[i] as Collection, c))),
    fc.tuple(at, pick).map(([i, p]) => new Read(i, collections, p)),
    fc.tuple(at, pick, seed, fc.boolean()).map(([i, p, s, b]) => new Update(i, collections, p, s, b)),
    at.map((i) => new List(i, collections)),
    fc.tuple(at, pick).map(([i, p]) => new Delete(i, collections, p)),
  ];
}

/** A fresh id of the key's type: a number for a numeric key, text for a text key. */
function normalizeChoice(collection: Collection, choice: KeyChoice): KeyChoice {
  if (choice.kind === "fresh" && collection.numericKey !== (typeof choice.value === "number"))
    return {
      kind: "fresh",
      value: collection.numericKey ? String(choice.value).length : `id ${choice.value}`,
    };
  if (choice.kind === "huge" && !collection.numericKey) return { kind: "absent" };
  return choice;
}

describe.each(SPECS)("the spec emulator of %s, stateful", (_name, load, keys) => {
  test("create → read → update → list → delete → read: the item read is the one written, deletes stick, lists hold each once, every answer on its declared status and schema", async () => {
    const spec = await load();
    const emulator = createSpecEmulator(spec, { seed: {} });
    const base = `${emulator.server.origin ?? "http://spec.test"}${emulator.server.basePath}`;
    const collections = collectionsOf(emulator, keys, base);
    // Items are found by the field their path parameter names (`{username}` → username, not id).
    expect(Object.fromEntries(collections.map((c) => [c.resource.name, c.key]))).toEqual(keys);
    const real: Real = { emulator, checkerFor: createSchemaValidator(spec.version), base };
    await fc.assert(
      fc.asyncProperty(
        fc.commands(commandsFor(collections), { maxCommands: MAX_COMMANDS, size: "max" }),
        async (commands) => {
          emulator.reset();
          await fc.asyncModelRun(() => ({ model: new Map(), real }), commands);
        },
      ),
      { numRuns: RUNS, seed: 20261126 },
    );
  }, 120_000);
});
