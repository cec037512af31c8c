import type { IndexedOperation } from "../../../openapi/operation-index.js";
import { deduplicateNames } from "../../tool-name.js";

/** `getEventById`, or `get_events_id` for `GET /events/{id}` without an operationId; always valid. */
export function baseToolName(operation: IndexedOperation): string {
  const raw = operation.operationId?.trim() || `${operation.method.toLowerCase()}_${operation.path}`;
  // One pass: a run of anything outside [a-zA-Z0-9-] (underscores included) becomes one "_".
  let cleaned = raw.replace(/[^a-zA-Z0-9-]+/g, "_");
  if (cleaned.startsWith("_")) cleaned = cleaned.slice(1);
  if (cleaned.endsWith("_")) cleaned = cleaned.slice(0, -1);
  return (cleaned || operation.method.toLowerCase()).slice(0, 64);
}

/** Unique valid names in operation order: a clash gets `_2`, `_3`, … (shortened to stay within 64). */
export function uniqueToolNames(operations: readonly IndexedOperation[]): string[] {
  return deduplicateNames(operations.map(baseToolName));
}
