import type { IndexedOperation } from "../../../openapi/operation-index.js";
import { deduplicateNames } from "../../tool-name.js";

/** `getEventById`, or `get_events_id` for `GET /events/{id}` without an operationId; always valid. */
export function baseToolName(operation: IndexedOperation): string {
  const raw = operation.operationId?.trim() || `${operation.method.toLowerCase()}_${operation.path}`;
  const cleaned = raw
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_+|_+$/g, "");
  return (cleaned || operation.method.toLowerCase()).slice(0, 64);
}

/** Unique valid names in operation order: a clash gets `_2`, `_3`, … (shortened to stay within 64). */
export function uniqueToolNames(operations: readonly IndexedOperation[]): string[] {
  return deduplicateNames(operations.map(baseToolName));
}
