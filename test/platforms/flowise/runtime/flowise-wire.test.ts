import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { RequestToolConfig } from "../../../../src/config/request-tool-config.js";
import { createRequestTool } from "../../../../src/runtime/request/request-tool.js";
import type { ToolRuntimeOptions } from "../../../../src/runtime/runtime-options.js";

/**
 * Flowise 3.1.4's request tools send through node-fetch (reference flowise-tools.md, "Wire"): its own
 * headers and no others. A capture server on 127.0.0.1 (Flowise's HTTP_SECURITY_CHECK=false lets it through).
 */
const received: Record<string, string>[] = [];
const server: Server = createServer((request, response) => {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2)
    headers[(request.rawHeaders[i] as string).toLowerCase()] = request.rawHeaders[i + 1] as string;
  received.push(headers);
  response.end("ok");
});
const host = () => `127.0.0.1:${(server.address() as AddressInfo).port}`;
beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

const FLOWISE: ToolRuntimeOptions = { profile: "flowise", httpSecurityCheck: false };
const tool = (fields: Partial<RequestToolConfig>): RequestToolConfig => ({
  kind: "request",
  method: "GET",
  name: "t",
  description: "Use this tool",
  url: `http://${host()}/things`,
  headers: {},
  ...fields,
});
const invoke = (config: RequestToolConfig, args: unknown, options: ToolRuntimeOptions = {}) =>
  createRequestTool(config, { ...FLOWISE, ...options }).invoke(args);

describe("the flowise profile sends node-fetch's headers and no others", () => {
  test.each([
    ["straight", {}],
    ["behind the outbound guard", { outbound: { allowedHosts: ["127.0.0.1"], allowWrites: true } }],
  ] as const)("a GET, %s", async (_name, options) => {
    await invoke(tool({ headers: { "x-key": "k" } }), {}, options);
    expect(received).toEqual([
      {
        "x-key": "k",
        accept: "*/*",
        "user-agent": "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
        "accept-encoding": "gzip,deflate",
        host: host(),
        connection: "close",
      },
    ]);
  });

  test("a tool's own accept and user-agent replace node-fetch's", async () => {
    await invoke(tool({ headers: { Accept: "application/json", "User-Agent": "mine" } }), {});
    expect(received[0]).toMatchObject({ accept: "application/json", "user-agent": "mine" });
  });

  test("a port fetch calls bad is connected to, and fails as node-fetch words it", async () => {
    const result = await invoke(tool({ url: "http://127.0.0.1:9/x" }), {});
    expect(result.output).toBe(
      "Failed to make GET request: request to http://127.0.0.1:9/x failed, reason: connect ECONNREFUSED 127.0.0.1:9",
    );
  });
});
