import type { IndexedOperation } from "../../../openapi/operation-index.js";

/** What LLM providers accept as a tool name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

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
  const taken = new Set<string>();
  return operations.map((operation) => {
    const base = baseToolName(operation);
    let name = base;
    for (let n = 2; taken.has(name); n++) {
      const suffix = `_${n}`;
      name = `${base.slice(0, 64 - suffix.length)}${suffix}`;
    }
    taken.add(name);
    return name;
  });
}
