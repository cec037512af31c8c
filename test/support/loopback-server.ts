import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";

export interface LoopbackServerOptions {
  /** Accept requests and never answer them (a host that hangs). */
  silent?: boolean;
  /** How a request is recorded; default `METHOD /path`. */
  describe?: (request: IncomingMessage) => string;
  /** The JSON every request is answered with; default `{"ok":true}`. */
  answer?: string;
}

/**
 * A server on 127.0.0.1 that records every request it receives and answers `{"ok":true}` (or
 * `answer`): the service an attacker's config aims at, so a test can assert that nothing reached it.
 */
export function loopbackServer(options: LoopbackServerOptions = {}) {
  const requests: string[] = [];
  const describe = options.describe ?? ((request) => `${request.method} ${request.url}`);
  const server: Server = createServer((request, response) => {
    requests.push(describe(request));
    if (options.silent) return;
    response.setHeader("content-type", "application/json");
    response.end(options.answer ?? '{"ok":true}');
  });
  return {
    requests,
    host: () => `127.0.0.1:${(server.address() as AddressInfo).port}`,
    start: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Listening for the file's tests, each test seeing only its own requests. */
export function listenDuringTests(...servers: ReturnType<typeof loopbackServer>[]): void {
  beforeAll(async () => {
    await Promise.all(servers.map((server) => server.start()));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });
  beforeEach(() => {
    for (const server of servers) server.requests.length = 0;
  });
}
