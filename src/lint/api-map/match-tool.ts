import type { LoadedTool } from "../../config/tool-config.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import type { ApiMap } from "./api.js";
import { type ApiMatch, matchUrl } from "./match-url.js";
import { toolRequestUrls } from "./tool-requests.js";

const matches = new WeakMap<ApiMap, Map<string, ApiMatch>>();

/**
 * What a URL's API depends on: its leading `{{$vars.x}}`, or its scheme and authority as written
 * (`https://api.github.com`, `https://{{$vars.host}}`); undefined for a relative URL.
 */
const HEAD = /^\s*(\{\{\s*\$vars\.[\w.-]+\s*\}\}|[a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i;

/**
 * `matchUrl`, once per URL head and map: a match depends only on the head, and a project's tools share
 * a few (GitHub's 1,223 tools one), so each is matched once however many paths follow it.
 */
export function matchUrlOnce(map: ApiMap, url: string): ApiMatch {
  let cache = matches.get(map);
  if (!cache) {
    cache = new Map();
    matches.set(map, cache);
  }
  const key = HEAD.exec(url)?.[1] ?? url;
  let match = cache.get(key);
  if (!match) {
    match = matchUrl(map, key);
    cache.set(key, match);
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
