import { ToolDeckError } from "../errors.js";
import { isPlainObject } from "../json/json-value.js";
import { toPointer } from "./json-pointer.js";
import type { OpenApiSpec } from "./load-spec.js";
import {
  OPENAPI_METHODS,
  type OpenApiMethod,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type RequestBodyObject,
  type ResponseObject,
  type ServerObject,
} from "./openapi-document.js";
import { PathTrie } from "./path-trie.js";
import { isLeftForLater } from "./resolve-refs.js";

/** One operation of a spec, with what a tool or a linter needs and where it is in the document. */
export interface IndexedOperation {
  /** Upper-case HTTP method: `GET`, `PATCH`, … */
  method: Uppercase<OpenApiMethod>;
  /** The path template as the spec writes it: `/events/{id}`. */
  path: string;
  operationId: string | undefined;
  summary: string | undefined;
  description: string | undefined;
  /** Path-item and operation parameters merged; an operation parameter wins on the same name and `in`. */
  parameters: ParameterObject[];
  /** Only the operation's own parameters (what Flowise reads). */
  operationParameters: ParameterObject[];
  requestBody: RequestBodyObject | undefined;
  responses: Record<string, ResponseObject>;
  /** The operation's servers, else the path item's, else the document's, else `[{url: "/"}]`. */
  servers: ServerObject[];
  /** `#/paths/~1events~1{id}/patch` */
  pointer: string;
  operation: OperationObject;
  pathItem: PathItemObject;
}

/** Every operation of a spec, in document order, with lookups by operationId and by path. */
export interface OperationIndex {
  spec: OpenApiSpec;
  title: string;
  operations: IndexedOperation[];
  byOperationId: Map<string, IndexedOperation>;
  trie: PathTrie<IndexedOperation>;
}

/**
 * Indexes the operations of a loaded spec (all eight OpenAPI methods). Structural problems that
 * would make an operation unusable throw a `load` error naming the spec and the JSON pointer; with
 * `requireResponses: false` (Flowise's toolkit, which validates nothing), a 3.0 operation without
 * `responses` is indexed too.
 * @example
 * const index = createOperationIndex(await loadSpec("tools/event-api.openapi.yaml"));
 * index.byOperationId.get("updateEventDetails")?.path; // "/events/{id}"
 */
export function createOperationIndex(
  spec: OpenApiSpec,
  options: { requireResponses?: boolean } = {},
): OperationIndex {
  const index: OperationIndex = {
    spec,
    title: spec.title,
    operations: [],
    byOperationId: new Map(),
    trie: new PathTrie(),
  };
  const rootServers = validServers(spec.document.servers) ?? [{ url: "/" }];
  for (const [path, pathItem] of Object.entries(spec.document.paths ?? {})) {
    const where = ["paths", path];
    expectObject(spec, where, pathItem);
    if (!path.startsWith("/")) fail(spec, where, 'a path must start with "/"');
    const pathParameters = readParameters(spec, [...where, "parameters"], pathItem.parameters);
    const pathServers = validServers(pathItem.servers) ?? rootServers;
    // Document key order, not the specification's method order: Flowise makes its tools in this order.
    for (const key of Object.keys(pathItem)) {
      const method = key as OpenApiMethod;
      if (!METHODS.has(method)) continue;
      const operation = pathItem[key];
      const context = { path, method, pathItem, pathParameters, pathServers };
      const entry = indexOperation(spec, context, operation, options.requireResponses ?? true);
      index.operations.push(entry);
      if (entry.operationId !== undefined && !index.byOperationId.has(entry.operationId)) {
        index.byOperationId.set(entry.operationId, entry);
      }
      index.trie.add(path, entry);
    }
  }
  return index;
}

const METHODS = new Set<string>(OPENAPI_METHODS);

interface PathContext {
  path: string;
  method: OpenApiMethod;
  pathItem: PathItemObject;
  pathParameters: ParameterObject[];
  pathServers: ServerObject[];
}

function indexOperation(
  spec: OpenApiSpec,
  context: PathContext,
  operation: unknown,
  requireResponses: boolean,
): IndexedOperation {
  const where = ["paths", context.path, context.method];
  expectObject(spec, where, operation);
  const op = operation as OperationObject;
  const operationParameters = readParameters(spec, [...where, "parameters"], op.parameters);
  checkResponses(spec, where, op, requireResponses);
  checkRequestBody(spec, where, op.requestBody);
  return {
    method: context.method.toUpperCase() as Uppercase<OpenApiMethod>,
    path: context.path,
    operationId: typeof op.operationId === "string" ? op.operationId : undefined,
    summary: typeof op.summary === "string" ? op.summary : undefined,
    description: typeof op.description === "string" ? op.description : undefined,
    parameters: mergeParameters(context.pathParameters, operationParameters),
    operationParameters,
    requestBody: op.requestBody,
    // Read on use: with lazyRefs, reading `responses` resolves them, which building tools never needs.
    get responses() {
      return op.responses ?? {};
    },
    servers: validServers(op.servers) ?? context.pathServers,
    get pointer() {
      return toPointer(where);
    },
    operation: op,
    pathItem: context.pathItem,
  };
}

function mergeParameters(pathLevel: ParameterObject[], operationLevel: ParameterObject[]): ParameterObject[] {
  if (pathLevel.length === 0) return operationLevel;
  const overridden = new Set(operationLevel.map((p) => `${p.in}:${p.name}`));
  return [...pathLevel.filter((p) => !overridden.has(`${p.in}:${p.name}`)), ...operationLevel];
}

const LOCATIONS = new Set(["path", "query", "header", "cookie"]);

function readParameters(spec: OpenApiSpec, where: (string | number)[], value: unknown): ParameterObject[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(spec, where, "expected an array of parameters");
  value.forEach((parameter: unknown, i) => {
    // The pointer is built only on failure: GitHub's description has 5,000 parameters.
    if (!isPlainObject(parameter)) expectObject(spec, [...where, i], parameter);
    const { name, in: location } = parameter as Record<string, unknown>;
    if (typeof name !== "string" || name === "")
      fail(spec, [...where, i, "name"], "expected a parameter name");
    if (typeof location !== "string" || !LOCATIONS.has(location)) {
      fail(spec, [...where, i, "in"], 'expected "path", "query", "header" or "cookie"');
    }
  });
  return value as ParameterObject[];
}

function checkResponses(
  spec: OpenApiSpec,
  where: (string | number)[],
  op: OperationObject,
  required: boolean,
) {
  if (isLeftForLater(op, "responses")) return; // an object, left unresolved until read
  if (op.responses === undefined) {
    if (spec.version === "3.0" && required)
      fail(spec, [...where, "responses"], "missing (OpenAPI 3.0 requires responses)");
    return;
  }
  expectObject(spec, [...where, "responses"], op.responses);
}

function checkRequestBody(spec: OpenApiSpec, where: (string | number)[], body: unknown) {
  if (body === undefined) return;
  expectObject(spec, [...where, "requestBody"], body);
  expectObject(spec, [...where, "requestBody", "content"], (body as RequestBodyObject).content);
}

function validServers(servers: unknown): ServerObject[] | undefined {
  if (!Array.isArray(servers) || servers.length === 0) return undefined;
  const valid = servers.filter(
    (server): server is ServerObject =>
      typeof server === "object" && server !== null && typeof server.url === "string",
  );
  return valid.length > 0 ? valid : undefined;
}

function expectObject(
  spec: OpenApiSpec,
  where: (string | number)[],
  value: unknown,
): asserts value is object {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    fail(spec, where, value === undefined ? "missing" : "expected an object");
  }
}

function fail(spec: OpenApiSpec, where: (string | number)[], message: string): never {
  throw new ToolDeckError("load", `${spec.label}${toPointer(where)}: ${message}`);
}
