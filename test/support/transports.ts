import { afterAll, beforeAll } from "vitest";
import { type FetchHandler, serve } from "../../src/emulator/serve.js";

/** A way to reach a `fetch` handler: `send(path, init)` answers like the global fetch. */
export interface Transport {
  name: string;
  send(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * Both ways a test reaches an emulator: in-process through its `fetch` (no socket), and over a real
 * loopback socket on port 0. Call inside a `describe`; the socket is opened and closed with it.
 */
export function useTransports(handler: FetchHandler): Transport[] {
  let baseUrl = "";
  let close = async () => {};
  beforeAll(async () => {
    const server = await serve(handler, { port: 0 });
    baseUrl = server.url;
    close = server.close;
  });
  afterAll(() => close());
  return [
    {
      name: "in-process",
      send: async (path, init) => handler(new Request(`http://emulator.test${path}`, init)),
    },
    { name: "socket", send: (path, init) => fetch(`${baseUrl}${path}`, init) },
  ];
}
