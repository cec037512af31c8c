import { Hono } from "hono";
import { cors } from "hono/cors";
import type { FetchHandler } from "./serve.js";

/** The methods a preflight may ask for: every one a description or an emulator answers. */
const METHODS = ["GET", "HEAD", "PUT", "POST", "DELETE", "PATCH", "OPTIONS"];

/**
 * An emulator's handler answering browsers too (CORS, as Prism's mock server does by default), so a
 * browser-based agent UI can call it: every origin (`*`, no credentials: the emulators keep no
 * cookies), any request header echoed back on a preflight, every answer header exposed (`Location`,
 * `Allow`). Hono's CORS middleware does it; a preflight is an `OPTIONS` with
 * `Access-Control-Request-Method`, so an `OPTIONS` a description declares still reaches the emulator.
 * @example
 * await serve(withCors(createEventService().fetch), { port: 5566 });
 */
export function withCors(handler: FetchHandler): FetchHandler {
  const allow = cors({ origin: "*", allowMethods: METHODS, exposeHeaders: ["*"] });
  const app = new Hono();
  app.use((context, next) => {
    const preflight = context.req.header("access-control-request-method") !== undefined;
    return context.req.method !== "OPTIONS" || preflight ? allow(context, next) : next();
  });
  app.all("*", (context) => handler(context.req.raw));
  return (request) => app.fetch(request);
}
