import { request as httpRequest } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createEmulator } from "../../src/emulator/create-emulator.js";
import { type RunningServer, serve } from "../../src/emulator/serve.js";
import { createMcpHttpHandler } from "../../src/mcp/mcp-http-handler.js";
import { toMcpServer } from "../../src/mcp/to-mcp-server.js";
import { createTools } from "../../src/runtime/create-tools.js";
import { createEvent, getEvents, NEW_EVENT } from "../support/tutorial-tools.js";

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

describe("MCP over Streamable HTTP (stateless, one emulator for every request)", () => {
  const emulator = createEmulator();
  let running: RunningServer;
  let endpoint = "";
  beforeAll(async () => {
    const tools = await createTools([getEvents, createEvent], {
      fetch: emulator.fetch,
      resolveHost: emulator.resolveHost,
      vars: emulator.vars,
    });
    running = await serve(
      createMcpHttpHandler(() => toMcpServer(tools)),
      { port: 0 },
    );
    endpoint = `${running.url}/mcp`;
  });
  afterAll(() => running.close());

  async function client(): Promise<Client> {
    const connected = new Client({ name: "test", version: "1" });
    await connected.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
    return connected;
  }

  test("the SDK's client lists and calls; what one client creates, another reads", async () => {
    const [a, b] = [await client(), await client()];
    try {
      expect((await a.listTools()).tools.map((tool) => tool.name)).toEqual(["get_events", "create_event"]);
      const created = await a.callTool({ name: "create_event", arguments: { body: NEW_EVENT } });
      expect(created.isError).toBeUndefined();
      const id = (JSON.parse((created.content as { text: string }[])[0]?.text ?? "{}") as { id: string }).id;
      const read = await b.callTool({ name: "get_events", arguments: { queryParams: { id } } });
      expect(JSON.parse((read.content as { text: string }[])[0]?.text ?? "{}")).toEqual({ id, ...NEW_EVENT });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test.each([
    ["a web page's Origin", { origin: "http://evil.example" }, 403, "Forbidden: Origin http://evil.example"],
    ["a rebound Host", { host: "evil.example" }, 403, "Forbidden: Host evil.example is not this machine"],
  ])("%s is refused before any MCP message is read", async (_case, headers, status, message) => {
    const response = await post(endpoint, headers);
    expect(response.status).toBe(status);
    expect((JSON.parse(response.body) as { error: { message: string } }).error.message).toContain(message);
  });

  test("a loopback Origin and Host are taken", async () => {
    const port = new URL(endpoint).port;
    const response = await post(endpoint, { origin: "http://localhost:6274", host: `localhost:${port}` });
    expect(response.status).toBe(200);
    expect(
      (JSON.parse(response.body) as { result: { serverInfo: { name: string } } }).result.serverInfo.name,
    ).toBe("tooldeck");
  });

  test.each([
    ["GET /mcp (no sessions, no server stream)", "/mcp", "GET", 405],
    ["DELETE /mcp", "/mcp", "DELETE", 405],
    ["another path", "/other", "POST", 404],
  ])("%s", async (_case, path, method, status) => {
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers: { accept: "text/event-stream" },
    });
    expect(response.status).toBe(status);
    await response.body?.cancel();
  });
});

/** An initialize POST with headers fetch will not send (Host). */
function post(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(JSON.stringify(INITIALIZE));
  });
}
