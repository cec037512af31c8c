import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import type { IndexedOperation } from "../../../openapi/operation-index.js";
import { basePathWritten } from "../../../openapi/server-url.js";

/**
 * The base URL the hint writes: the node's `$vars` variable or origin, with the server's base path its URL
 * writes out (`https://api.example.com/v1`), else a placeholder.
 */
function baseOf(url: string, operation: IndexedOperation): string {
  const variable = /^\{\{\s*\$vars\.(\w+)\s*\}\}/.exec(url);
  const origin = variable?.[0] ?? /^[a-z][a-z0-9+.-]*:\/\/[^/?#{]+/i.exec(url)?.[0];
  if (origin === undefined) return "<base URL>";
  const written = basePathWritten(url.slice(origin.length), operation.servers);
  return `${variable ? `{{ $vars.${variable[1]} }}` : origin}${written}`;
}

/**
 * The change to make in n8n when a tool misses the spec's operation: the HTTP Request tool can send any
 * method to any URL, so the hint names the node's Method and its URL expression, each path parameter a
 * `$fromAI` the model fills.
 * @example
 * n8nOperationHint(updateEvent, patchEvent);
 * // "in n8n, set update_event's Method to PATCH and its URL to ={{ $vars.base_url }}/events/{{ $fromAI('id') }}"
 */
export function n8nOperationHint(config: RequestToolConfig, operation: IndexedOperation): string {
  const origin = baseOf(config.url, operation);
  const path = operation.path.replace(/\{([^{}]+)\}/g, (_whole, name: string) => `{{ $fromAI('${name}') }}`);
  return `in n8n, set ${config.name}'s Method to ${operation.method} and its URL to =${origin}${path}`;
}
