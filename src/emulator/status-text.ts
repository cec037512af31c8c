import { STATUS_CODES } from "node:http";

/**
 * A JSON response with the reason phrase an HTTP server sends (`404 Not Found`), so a client reads the
 * same `statusText` in-process as over a socket (hono's `c.json` leaves it empty). Built directly rather
 * than wrapped afterwards: re-wrapping a response costs @hono/node-server its fast path.
 */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: STATUS_CODES[status] ?? "",
    headers: { "content-type": "application/json" },
  });
}

/** An empty response (204 No Content), with its reason phrase. */
export function emptyResponse(status = 204): Response {
  return new Response(null, { status, statusText: STATUS_CODES[status] ?? "" });
}
