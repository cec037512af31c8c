import { STATUS_CODES } from "node:http";

/**
 * Gives an in-process response the reason phrase an HTTP server would send (`404 Not Found`), so a
 * client sees the same `statusText` in-process as over a socket. Hono leaves it empty.
 */
export function withStatusText(response: Response): Response {
  if (response.statusText !== "") return response;
  const statusText = STATUS_CODES[response.status];
  if (!statusText) return response;
  return new Response(response.body, { status: response.status, statusText, headers: response.headers });
}
