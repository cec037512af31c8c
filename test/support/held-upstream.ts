import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A service on 127.0.0.1 that takes every request and answers `{"ok":true}` only when the test calls
 * `release()`: a slow upstream whose call is in flight for as long as the test needs.
 */
export async function heldUpstream() {
  const seen: string[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? "");
    held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    release: () => {
      for (const response of held.splice(0)) {
        response.setHeader("content-type", "application/json");
        response.end('{"ok":true}');
      }
    },
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
