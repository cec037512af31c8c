import { findEnvelope, itemEnvelope, likenessTo, propertyNames } from "./envelope.js";
import { findKeyField } from "./key-field.js";
import { jsonMedia } from "./media-types.js";
import { mergeAllOf } from "./merge-all-of.js";
import type { SchemaObject } from "./openapi-document.js";
import type { IndexedOperation, OperationIndex } from "./operation-index.js";
import { splitPath } from "./path-trie.js";

/** A collection `/things` and its items `/things/{thingId}`, as the paths of a spec show them. */
export interface Resource {
  /** The collection's last segment: `events`, `pets`. */
  name: string;
  /** `/owners/{ownerId}/pets` */
  collectionPath: string;
  /** `/owners/{ownerId}/pets/{petId}` */
  itemPath: string;
  /** The item path's last parameter: `petId`. */
  idParam: string;
  /** The item's property holding its id: the one its path parameter names (`findKeyField`), if any. */
  idField: string | undefined;
  /** How the id field was found, or why there is none (`--explain`). */
  idRule: string;
  /** What an id looks like (the id field's schema, else the path parameter's). */
  idSchema: SchemaObject | undefined;
  /** The path parameter's schemas on the item's operations: a made-up id must fit them too. */
  idParamSchemas: SchemaObject[];
  /**
   * What an item looks like in answers (GET, PUT or PATCH on the item, POST on the collection; inside
   * their envelope, `findEnvelope`), else in requests.
   */
  itemSchema: SchemaObject | undefined;
  /** The resource whose item this collection hangs under (`owners` for `/owners/{ownerId}/pets`). */
  parent: Resource | undefined;
}

/** What an operation does to a resource (its CRUD action), or why it is no such action. */
export type OperationRole = { action: CrudAction; resource: Resource } | { action: "answer"; reason: string };

/** `replace-by-body`/`update-by-body`: PUT/PATCH on the collection, the id inside the body (`PUT /pet`). */
export type CrudAction =
  | "list"
  | "create"
  | "read"
  | "replace"
  | "update"
  | "delete"
  | "replace-by-body"
  | "update-by-body";

export interface SpecModel {
  resources: Resource[];
  roles: Map<IndexedOperation, OperationRole>;
  /** The resources a POST on their collection creates items of. */
  creatable: Set<Resource>;
}

const COLLECTION_ROLES: Record<string, CrudAction> = {
  GET: "list",
  POST: "create",
  PUT: "replace-by-body",
  PATCH: "update-by-body",
};
const ITEM_ROLES: Record<string, CrudAction> = {
  GET: "read",
  PUT: "replace",
  PATCH: "update",
  DELETE: "delete",
};

/**
 * Reads resources from a spec's paths: every path ending in one `{param}` segment whose item path has
 * a GET, PUT, PATCH or DELETE is an item of the collection one segment up (nested collections are
 * scoped to their parent's item). Every operation gets a role: the CRUD action it performs on a
 * resource, or `answer` (examples or generated data) with the reason it is not CRUD.
 * @example
 * const model = inferResources(index);
 * model.roles.get(index.byOperationId.get("updateEventDetails")!); // { action: "update", resource: events }
 */
export function inferResources(index: OperationIndex): SpecModel {
  const byPath = new Map<string, Map<string, IndexedOperation>>();
  for (const operation of index.operations) {
    const methods = byPath.get(operation.path) ?? new Map<string, IndexedOperation>();
    methods.set(operation.method, operation);
    byPath.set(operation.path, methods);
  }
  const resources = new Map<string, Resource>();
  // Shorter paths first, so a parent is known before its children.
  const paths = [...byPath.keys()].sort((a, b) => splitPath(a).length - splitPath(b).length);
  for (const itemPath of paths) {
    const resource = resourceAt(itemPath, byPath, resources);
    if (resource) resources.set(normalize(resource.collectionPath), resource);
  }
  const roles = new Map<IndexedOperation, OperationRole>();
  for (const operation of index.operations) roles.set(operation, roleOf(operation, resources));
  const creatable = new Set<Resource>();
  for (const role of roles.values()) if (role.action === "create") creatable.add(role.resource);
  return { resources: [...resources.values()], roles, creatable };
}

function resourceAt(
  itemPath: string,
  byPath: Map<string, Map<string, IndexedOperation>>,
  known: Map<string, Resource>,
): Resource | undefined {
  const segments = splitPath(itemPath);
  const idParam = /^\{([^{}]+)\}$/.exec(segments.at(-1) ?? "")?.[1];
  const name = segments.at(-2);
  if (idParam === undefined || name === undefined || name.includes("{")) return undefined;
  const item = byPath.get(itemPath) ?? new Map();
  if (!["GET", "PUT", "PATCH", "DELETE"].some((method) => item.has(method))) return undefined;
  const collectionPath = `/${segments.slice(0, -1).join("/")}`;
  const collection = byPath.get(collectionPath) ?? byPath.get(`${collectionPath}/`) ?? new Map();
  // What the answers say an item is, before what requests send (a create's body lacks `number`, `url`).
  const answered =
    responseSchema(item.get("GET")) ??
    responseSchema(item.get("PUT")) ??
    responseSchema(item.get("PATCH")) ??
    responseSchema(collection.get("POST"));
  const written = [
    bodySchema(item.get("PUT")),
    bodySchema(collection.get("POST")),
    bodySchema(item.get("PATCH")),
  ];
  const itemSchema =
    findEnvelope(answered, writtenLikeness(written, idParam, name))?.inner ??
    answered ??
    written[0] ??
    written[1];
  const properties = itemSchema ? propertiesOf(itemSchema) : {};
  const key = findKeyField(itemSchema, properties, idParam, name);
  const idParamSchemas = [...item.values()].flatMap((operation: IndexedOperation) =>
    operation.parameters.flatMap((parameter) =>
      parameter.in === "path" && parameter.name === idParam && parameter.schema ? [parameter.schema] : [],
    ),
  );
  return {
    name,
    collectionPath,
    itemPath,
    idParam,
    idField: key.field,
    idRule: key.rule,
    idSchema: (key.field ? properties[key.field] : undefined) ?? idParamSchemas[0],
    idParamSchemas,
    itemSchema,
    parent: [...known.values()].find(
      (resource) => normalize(resource.itemPath) === `/${segments.slice(0, -2).join("/")}`,
    ),
  };
}

function roleOf(operation: IndexedOperation, resources: Map<string, Resource>): OperationRole {
  const path = normalize(operation.path);
  for (const resource of resources.values()) {
    if (path === normalize(resource.collectionPath)) {
      const action = COLLECTION_ROLES[operation.method];
      if (action === undefined) return { action: "answer", reason: `${operation.method} on a collection` };
      // GitHub's GET /user is the signed-in user, not a list, though /user/{account_id} is an item path.
      if (action === "list" && !isListSchema(responseSchema(operation), resource))
        return { action: "answer", reason: "its answer is not a list" };
      if (action.endsWith("-by-body") && resource.idField === undefined) {
        return { action: "answer", reason: "the item's id is not a field of its body" };
      }
      return { action, resource };
    }
    if (path === normalize(resource.itemPath)) {
      const action = ITEM_ROLES[operation.method];
      if (action === undefined) return { action: "answer", reason: `${operation.method} on an item` };
      return { action, resource };
    }
  }
  return { action: "answer", reason: "not a collection/item pair" };
}

/** What `--explain` prints for one operation: `PATCH /events/{id} → update events`. */
export function explainRole(operation: IndexedOperation, role: OperationRole): string {
  const target = `${operation.method} ${operation.path}`;
  if (role.action === "answer") return `${target} → answer from examples or the schema (${role.reason})`;
  const { resource } = role;
  const scope = resource.parent ? ` under ${resource.parent.itemPath}` : "";
  const by = role.action.endsWith("-by-body") ? ` (id from the body's ${resource.idField})` : "";
  const verb = role.action.replace(/-by-body$/, "");
  const id = role.action === "create" ? idNote(resource) : "";
  return `${target} → ${verb} ${resource.name}${scope}${by}${id}${envelopeNote(operation, role.action, resource)}`;
}

/** `, the item inside "data"` where the operation's answer wraps the resource (`itemEnvelope`). */
function envelopeNote(operation: IndexedOperation, action: CrudAction, resource: Resource): string {
  if (action === "delete") return "";
  const envelope = itemEnvelope(responseSchema(operation), resource);
  if (!envelope) return "";
  const what = action === "list" ? "the items" : envelope.array ? "the item (in an array)" : "the item";
  return `, ${what} inside "${envelope.property}"`;
}

/** `, id field number (from {issue_number})`; `, id only in the path` when no property is the key. */
function idNote(resource: Resource): string {
  if (!resource.idField) return ", id only in the path";
  const from = resource.idField === resource.idParam ? "" : ` (from {${resource.idParam}})`;
  return `, id field ${resource.idField}${from}`;
}

/**
 * What `--explain` says of each resource whose items no property addresses: `/things/{thing}: no
 * property of the item matches the path parameter {thing}; …`.
 */
export function explainKeys(model: SpecModel): string[] {
  return model.resources
    .filter((resource) => resource.idField === undefined)
    .map(
      (resource) =>
        `${resource.itemPath}: ${resource.idRule}; an item is found by its path alone, and a create answers its path in Location (x-tooldeck-id on the item schema names the field)`,
    );
}

/**
 * The properties every item has: its schema's (with `allOf` merged), or, for a `oneOf`/`anyOf` (GitHub's
 * private or public user), those every branch has.
 */
function propertiesOf(schema: SchemaObject): Record<string, SchemaObject> {
  const merged = mergeAllOf(schema);
  const branches = merged.oneOf ?? merged.anyOf;
  if (merged.properties || !Array.isArray(branches) || branches.length === 0) return merged.properties ?? {};
  const [first, ...others] = branches.map((branch) => mergeAllOf(branch).properties ?? {});
  return Object.fromEntries(
    Object.entries(first ?? {}).filter(([name]) => others.every((properties) => name in properties)),
  );
}

/**
 * A list answer: an array, an object with one array property (`{ total, data: [...] }`), an envelope
 * holding an array of the items (ReadMe's `anyOf` of `{ data: [...], paging }`), or none declared.
 */
function isListSchema(schema: SchemaObject | undefined, resource: Resource): boolean {
  if (!schema) return true;
  const merged = mergeAllOf(schema);
  if (merged.type === "array") return true;
  const arrays = Object.values(merged.properties ?? {}).filter((property) => property?.type === "array");
  return arrays.length === 1 || itemEnvelope(schema, resource)?.array === true;
}

/**
 * How much a schema looks like the item the requests write: its key field (as `findKeyField` finds it
 * for the item path's parameter) above all, then the names the bodies of PUT, POST and PATCH write.
 */
function writtenLikeness(written: (SchemaObject | undefined)[], idParam: string, name: string) {
  const names = new Set(written.flatMap((schema) => [...propertyNames(schema)]));
  return likenessTo(
    names,
    (schema) => findKeyField(schema, propertiesOf(schema), idParam, name).field !== undefined,
  );
}

function normalize(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

function responseSchema(operation: IndexedOperation | undefined): SchemaObject | undefined {
  if (!operation) return undefined;
  const success = Object.keys(operation.responses)
    .filter((status) => /^2/.test(status))
    .sort();
  for (const status of success) {
    const schema = jsonMedia(operation.responses[status]?.content)?.schema;
    if (schema) return schema;
  }
  return undefined;
}

function bodySchema(operation: IndexedOperation | undefined): SchemaObject | undefined {
  return jsonMedia(operation?.requestBody?.content)?.schema;
}
