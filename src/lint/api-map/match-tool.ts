import type { LoadedTool } from "../../config/tool-config.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import type { ApiMap } from "./api.js";
import { type ApiMatch, matchUrl } from "./match-url.js";
import { toolRequestUrls } from "./tool-requests.js";

const matches = new WeakMap<ApiMap, Map<string, ApiMatch>>();

/** `matchUrl`, once per URL and map: many tools share a base and the probes ask again. */
export function matchUrlOnce(map: ApiMap, url: string): ApiMatch {
  let cache = matches.get(map);
  if (!cache) {
    cache = new Map();
    matches.set(map, cache);
  }
  let match = cache.get(url);
  if (!match) {
    match = matchUrl(map, url);
    cache.set(url, match);
  }
  return match;
}

/** How each request of a tool is matched, in the order the tool makes them; none for a toolkit. */
export function matchTool(map: ApiMap, tool: LoadedTool): { url: string; match: ApiMatch }[] {
  return toolRequestUrls(tool).map((url) => ({ url, match: matchUrlOnce(map, url) }));
}

/**
 * The spec that judges a tool's exchange in a probe: its first request's API's (a Custom Tool's calls
 * usually share one API); undefined when no API describes where it goes.
 */
export function specOfTool(map: ApiMap, tool: LoadedTool): OperationIndex | undefined {
  const [first] = toolRequestUrls(tool);
  return first === undefined ? undefined : matchUrlOnce(map, first).api?.spec;
}
