import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import type { IndexedOperation } from "../../../openapi/operation-index.js";
import { basePathWritten } from "../../../openapi/server-url.js";
import { referenceOf } from "../template/dify-template.js";
import { START_NODE } from "./dify-view-fix.js";

/**
 * The base URL the hint writes, as the node writes it: its `{{#env.X#}}` variable or origin, with the
 * server's base path its URL writes out (`https://api.example.com/v1`), else a placeholder.
 */
function baseOf(url: string, operation: IndexedOperation): string {
  const variable = /^\{\{\$vars\.([^{}]+)\}\}/.exec(url);
  const origin = variable?.[0] ?? /^[a-z][a-z0-9+.-]*:\/\/[^/?#{]+/i.exec(url)?.[0];
  if (origin === undefined) return "<base URL>";
  const written = basePathWritten(url.slice(origin.length), operation.servers);
  return `${variable ? referenceOf(`env.${variable[1]}`) : origin}${written}`;
}

/**
 * The change to make in Dify when an HTTP Request node misses the spec's operation: the node sends any
 * method to any URL, so the hint names its Method and URL, each path parameter a variable — the one the
 * node already puts at that place, else a Start input of its name.
 * @example
 * difyOperationHint(updateEvent, patchEvent);
 * // "in Dify, set Update Event's Method to PATCH and URL to {{#env.base_url#}}/events/{{#start.id#}}"
 */
export function difyOperationHint(config: RequestToolConfig, operation: IndexedOperation): string {
  const origin = baseOf(config.url, operation);
  const placed = placedReferences(config.url, operation, origin);
  const path = operation.path.replace(/\{([^{}]+)\}/g, (_whole, name: string) =>
    referenceOf(placed.get(name) ?? `${START_NODE}.${name}`),
  );
  return `in Dify, set ${config.name}'s Method to ${operation.method} and URL to ${origin}${path}`;
}

/** The node's references (`{start.event_id}`) standing where the operation has a path param, by its name. */
function placedReferences(url: string, operation: IndexedOperation, origin: string): Map<string, string> {
  const placed = new Map<string, string>();
  const sent = url.split(/[?#]/)[0]?.split("/").filter(Boolean) ?? [];
  const wanted = operation.path.split("/").filter(Boolean);
  const offset = sent.length - wanted.length;
  if (offset < 0 || origin === "<base URL>") return placed;
  wanted.forEach((segment, index) => {
    const name = /^\{([^{}]+)\}$/.exec(segment)?.[1];
    const selector = /^\{([^{}]+\.[^{}]+)\}$/.exec(sent[offset + index] ?? "")?.[1];
    if (name !== undefined && selector !== undefined) placed.set(name, selector);
  });
  return placed;
}
