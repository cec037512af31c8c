import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, test } from "vitest";
import { DrainingTransport } from "../../src/mcp/draining-transport.js";

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** A server whose one tool answers when the test releases it, behind a draining transport. */
async function connectHeld() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  const server = new Server({ name: "held", version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
  server.setRequestHandler(CallToolRequestSchema, async () => {
    calls += 1;
    await released;
    return { content: [{ type: "text", text: "done" }] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const transport = new DrainingTransport(serverSide);
  await server.connect(transport);
  const client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  clients.push(client);
  return { client, server, transport, release, calls: () => calls };
}

describe("DrainingTransport", () => {
  test("a call in flight is answered while draining; a request that comes then is refused", async () => {
    const { client, transport, release, calls } = await connectHeld();
    const call = client.callTool({ name: "wait", arguments: {} });
    await expect.poll(calls).toBe(1);
    expect(transport.inFlight).toBe(1);
    const drained = transport.drain(600_000);
    await expect(client.listTools()).rejects.toMatchObject({
      code: -32000,
      message: "MCP error -32000: the server is stopping: no new requests",
    });
    release();
    expect(await call).toEqual({ content: [{ type: "text", text: "done" }] });
    await drained;
    expect(transport.inFlight).toBe(0);
  });

  test("a call still running when the grace runs out is answered with an error, and only once", async () => {
    const { client, transport, release, calls } = await connectHeld();
    const clientErrors: Error[] = [];
    client.onerror = (error) => clientErrors.push(error);
    const call = client.callTool({ name: "wait", arguments: {} });
    await expect.poll(calls).toBe(1);
    await transport.drain(1);
    await expect(call).rejects.toMatchObject({
      code: -32000,
      message: "MCP error -32000: the server stopped before this request was answered (it waited 0.001 s)",
    });
    // The handler's own answer comes later still: it is dropped, not sent as a second answer.
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(clientErrors).toEqual([]);
  });

  test("with nothing in flight, draining does not wait for the grace", async () => {
    const { client, transport } = await connectHeld();
    expect((await client.listTools()).tools).toEqual([]);
    await transport.drain(600_000);
    expect(transport.inFlight).toBe(0);
  });
});
