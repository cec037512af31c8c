import type { MiddlewareHandler } from "hono";
import { flowiseError } from "./flowise-json.js";

/**
 * What Flowise's XSS sanitizer does before the API-key check: it runs `decodeURI` over the request
 * target (path and query), so a malformed percent escape anywhere in it (`/chatflows/%E0%A4%A`) throws,
 * and Flowise answers 500 with the URIError's message, `URI malformed` (checked against Flowise 3.1.4).
 */
export function uriGuard(): MiddlewareHandler {
  return async (c, next) => {
    try {
      decodeURI(requestTarget(c.req.url));
    } catch (error) {
      if (error instanceof URIError) return flowiseError(c, 500, error.message);
      throw error;
    }
    return next();
  };
}

/** Path and query of a URL as sent (the fragment never reaches a server). */
function requestTarget(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start === -1) return "/";
  const fragment = url.indexOf("#", start);
  return url.slice(start, fragment === -1 ? undefined : fragment);
}
