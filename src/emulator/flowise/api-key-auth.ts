import type { MiddlewareHandler } from "hono";
import type { ApiKeyStore } from "./api-key-store.js";
import { flowiseJson } from "./flowise-json.js";
import { requestPath } from "./request-path.js";

/**
 * The prefixes of Flowise 3.1's `WHITELIST_URLS` that matter for the emulated routes: served without
 * an API key, matched with `startsWith` on the path (so `/api/v1/pingx` is whitelisted too).
 */
export const FLOWISE_WHITELIST: readonly string[] = [
  "/api/v1/verify/apikey/",
  "/api/v1/chatflows/apikey/",
  "/api/v1/ping",
  "/api/v1/version",
];

const API_ANY_CASE = /\/api\/v1\//i;
const API_EXACT_CASE = /\/api\/v1\//;

/**
 * Flowise's API-key gate, judged on the path the router matches: a path containing `/api/v1/` in any letter case needs a valid key unless it
 * is whitelisted; a wrongly cased `/API/V1/` is always refused; other paths pass through.
 * Missing or invalid key: 401 `{"error":"Unauthorized Access"}` (key `error`, not Flowise's error body).
 */
export function apiKeyAuth(keys: ApiKeyStore): MiddlewareHandler {
  return async (c, next) => {
    const path = routedPath(c.req.path, requestPath(c.req.url));
    if (!API_ANY_CASE.test(path)) return next();
    if (API_EXACT_CASE.test(path) && FLOWISE_WHITELIST.some((prefix) => path.startsWith(prefix)))
      return next();
    const supplied = API_EXACT_CASE.test(path) ? suppliedApiKey(c.req.header("authorization")) : undefined;
    if (supplied && (await keys.find(supplied))) return next();
    return flowiseJson(c, { error: "Unauthorized Access" }, 401);
  };
}

/**
 * The path the router matches (percent-decoded: `/%61pi/v%31/chatflows` routes as `/api/v1/chatflows`),
 * with the trailing slash the request had, which non-strict routing drops. Judging the raw path instead
 * let an encoded spelling reach a protected route with no key.
 */
function routedPath(decoded: string, raw: string): string {
  return raw.endsWith("/") && !decoded.endsWith("/") ? `${decoded}/` : decoded;
}

/**
 * The key Flowise reads from an Authorization header: the text after the last `Bearer `, or the whole
 * header when it has none (so a bare key works, and `Basic x` is tried as the key `Basic x`).
 */
export function suppliedApiKey(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return header.split("Bearer ").pop() || undefined;
}
