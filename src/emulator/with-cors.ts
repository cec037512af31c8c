import { Hono } from "hono";
import { cors } from "hono/cors";
import type { FetchHandler } from "./serve.js";

/** The methods a preflight may ask for: every one a description or an emulator answers. */
const METHODS = ["GET", "HEAD", "PUT", "POST", "DELETE", "PATCH", "OPTIONS"];

/**
 * An emulator's handler answering browsers too (CORS, as Prism's mock server does by default), so a
 * browser-based agent UI can call it: every origin (`*`, no credentials: the emulators keep no
 * cookies), any request header echoed back on a preflight, every answer header exposed (`Location`,
 * `Allow`). A preflight (an `OPTIONS` with `Access-Control-Request-Method`) is answered by Hono's CORS
 * middleware; an `OPTIONS` a description declares still reaches the emulator.
 * @example
 * await serve(withCors(createEventService().fetch), { port: 5566 });
 */
export function withCors(handler: FetchHandler): FetchHandler {
  const preflights = new Hono();
  preflights.use(cors({ origin: "*", allowMethods: METHODS, exposeHeaders: ["*"] }));
  return async (request) => {
    if (request.method === "OPTIONS" && request.headers.has("access-control-request-method"))
      return preflights.fetch(request);
    // The two headers the middleware gives an actual request, set on the emulator's own answer: through
    // Hono, the answer is made again to merge them (`new Response(answer.body, answer)`), which takes
    // @hono/node-server off its fast path (a GET of the event API: 24.6k → 13.7k answers/s in-process).
    return withHeaders(await handler(request), {
      "access-control-allow-origin": "*",
      "access-control-expose-headers": "*",
    });
  };
}

function withHeaders(answer: Response, headers: Record<string, string>): Response {
  let mutable = answer;
  try {
    for (const [name, value] of Object.entries(headers)) mutable.headers.set(name, value);
  } catch {
    // An answer with immutable headers (`Response.error()`, a proxied `fetch`'s): its copy takes them.
    mutable = new Response(answer.body, answer);
    for (const [name, value] of Object.entries(headers)) mutable.headers.set(name, value);
  }
  return mutable;
}
