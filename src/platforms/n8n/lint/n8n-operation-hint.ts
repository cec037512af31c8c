import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import type { IndexedOperation } from "../../../openapi/operation-index.js";

/**
 * The change to make in n8n when a tool misses the spec's operation: the HTTP Request tool can send any
 * method to any URL, so the hint names the node's Method and its URL expression, each path parameter a
 * `$fromAI` the model fills.
 * @example
 * n8nOperationHint(updateEvent, patchEvent);
 * // "in n8n, set update_event's Method to PATCH and its URL to ={{ $vars.base_url }}/events/{{ $fromAI('id') }}"
 */
export function n8nOperationHint(config: RequestToolConfig, operation: IndexedOperation): string {
  const base = /^\{\{\s*\$vars\.(\w+)\s*\}\}/.exec(config.url)?.[1];
  const origin = base === undefined ? "<base URL>" : `{{ $vars.${base} }}`;
  const path = operation.path.replace(/\{([^{}]+)\}/g, (_whole, name: string) => `{{ $fromAI('${name}') }}`);
  return `in n8n, set ${config.name}'s Method to ${operation.method} and its URL to =${origin}${path}`;
}
