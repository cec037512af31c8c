/**
 * Whether the client of `request` has gone: over a socket, @hono/node-server aborts the request's signal
 * when the connection closes before the answer is sent. Reading the body of such a request fails
 * (`aborted`, ECONNRESET); that is no fault of the service, and nobody reads the 500, so nothing is logged.
 */
export function isClientGone(request: Request): boolean {
  return request.signal.aborted;
}
