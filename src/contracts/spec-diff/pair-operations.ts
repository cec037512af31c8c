import { addToGroup } from "../../json/group-by.js";
import type { IndexedOperation, OperationIndex } from "../../openapi/operation-index.js";

/** What became of an operation of the old description in the new one. */
export type OperationFate =
  /** Same method and path (path params may be renamed). */
  | { kind: "kept"; operation: IndexedOperation }
  /** Another path: the same operationId elsewhere, or the same method on a path one segment off. */
  | { kind: "moved"; operation: IndexedOperation }
  /** Same path, another method: the same operationId, or the PUT/PATCH twin. */
  | { kind: "method-changed"; operation: IndexedOperation }
  | { kind: "removed" };

/** `/events/{id}` and `/events/{eventId}` are one path: the params' names do not change what is called. */
export function pathKey(path: string): string {
  return path.replace(/\{[^{}]*\}/g, "{}");
}

const TWIN: Record<string, string> = { PUT: "PATCH", PATCH: "PUT" };

/** The new description's operations by method and path, and by path alone. */
export interface NewOperations {
  index: OperationIndex;
  byKey: Map<string, IndexedOperation>;
  byPath: Map<string, IndexedOperation[]>;
  /** Paths of the new description the old one does not have: where a moved operation may have gone. */
  addedPaths: Map<string, IndexedOperation[]>;
}

/** Indexes the new description's operations for `fateOf`, once per diff. */
export function indexNewOperations(before: OperationIndex, after: OperationIndex): NewOperations {
  const byKey = new Map<string, IndexedOperation>();
  const byPath = new Map<string, IndexedOperation[]>();
  for (const operation of after.operations) {
    const path = pathKey(operation.path);
    byKey.set(`${operation.method} ${path}`, operation);
    addToGroup(byPath, path, operation);
  }
  const oldPaths = new Set(before.operations.map((operation) => pathKey(operation.path)));
  const addedPaths = new Map([...byPath].filter(([path]) => !oldPaths.has(path)));
  return { index: after, byKey, byPath, addedPaths };
}

/**
 * Where an operation went: kept (same method and path), else its operationId's operation (moved, or
 * its method changed), else its path's PUT/PATCH twin, else the same method on a new path that differs by
 * one segment or by a prefix (`/events/{id}` → `/v2/events/{id}`), else removed.
 * @example
 * fateOf(patchEvent, indexNewOperations(before, after)); // { kind: "method-changed", operation: PUT /events/{id} }
 */
export function fateOf(operation: IndexedOperation, after: NewOperations): OperationFate {
  const path = pathKey(operation.path);
  const kept = after.byKey.get(`${operation.method} ${path}`);
  if (kept) return { kind: "kept", operation: kept };
  const byId =
    operation.operationId === undefined ? undefined : after.index.byOperationId.get(operation.operationId);
  if (byId)
    return pathKey(byId.path) === path
      ? { kind: "method-changed", operation: byId }
      : { kind: "moved", operation: byId };
  const twin = TWIN[operation.method];
  const onPath = after.byPath.get(path) ?? [];
  const twinOp = onPath.find((candidate) => candidate.method === twin);
  if (twinOp) return { kind: "method-changed", operation: twinOp };
  const moved = movedTo(operation, path, after);
  return moved ? { kind: "moved", operation: moved } : { kind: "removed" };
}

/** The only operation of the same method on an added path that is the old one with a prefix or one segment changed. */
function movedTo(
  operation: IndexedOperation,
  path: string,
  after: NewOperations,
): IndexedOperation | undefined {
  const found: IndexedOperation[] = [];
  for (const [candidate, operations] of after.addedPaths) {
    if (!isSimilarPath(path, candidate)) continue;
    found.push(...operations.filter((other) => other.method === operation.method));
  }
  return found.length === 1 ? found[0] : undefined;
}

function isSimilarPath(a: string, b: string): boolean {
  if (b.endsWith(a) || a.endsWith(b)) return true;
  const left = a.split("/");
  const right = b.split("/");
  if (left.length !== right.length) return false;
  return left.filter((segment, i) => segment !== right[i]).length === 1;
}
