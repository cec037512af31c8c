import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createAgent } from "langchain";
import { afterEach, expect, test } from "vitest";
import { createEmulator } from "../../src/emulator/create-emulator.js";
import { toMcpServer } from "../../src/mcp/to-mcp-server.js";
import { createTools } from "../../src/runtime/create-tools.js";
import { createEvent, deleteEvent, getEvents, NEW_EVENT, updateEvent } from "../support/tutorial-tools.js";

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** The served tutorial tools, loaded into LangChain by @langchain/mcp-adapters. */
async function servedTools() {
  const emulator = createEmulator();
  const tools = await createTools([getEvents, createEvent, updateEvent, deleteEvent], {
    fetch: emulator.fetch,
    resolveHost: emulator.resolveHost,
    vars: emulator.vars,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await toMcpServer(tools).connect(serverSide);
  const client = new Client({ name: "langchain", version: "1" });
  await client.connect(clientSide);
  clients.push(client);
  return { emulator, tools: await loadMcpTools("tooldeck", client) };
}

function toolMessages(messages: unknown[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
}

test("createAgent with the MCP tools: the scripted model's call creates the event in the emulator", async () => {
  const { emulator, tools } = await servedTools();
  expect(tools.map((tool) => tool.name)).toEqual([
    "get_events",
    "create_event",
    "update_event",
    "delete_event",
  ]);
  const model = fakeModel()
    .respondWithTools([{ name: "create_event", args: { body: NEW_EVENT }, id: "call-1" }])
    .respond(new AIMessage("Created Launch."));
  const state = await createAgent({ model, tools }).invoke({ messages: [new HumanMessage("Add Launch")] });

  const [created] = toolMessages(state.messages);
  expect(created?.status).toBe("success");
  expect(emulator.snapshot().events).toHaveLength(6);
  expect(emulator.snapshot().events.at(-1)).toMatchObject(NEW_EVENT);
  expect(state.messages.at(-1)?.content).toBe("Created Launch.");
});

test("update_event's 404 reaches the model as an error ToolMessage carrying the profile's text", async () => {
  const { emulator, tools } = await servedTools();
  const model = fakeModel()
    .respondWithTools([{ name: "update_event", args: { body: NEW_EVENT }, id: "call-1" }])
    .respond(new AIMessage("Could not update."));
  const state = await createAgent({ model, tools }).invoke({
    messages: [new HumanMessage("rename event 1")],
  });
  const [failed] = toolMessages(state.messages);
  expect(failed?.status).toBe("error");
  expect(String(failed?.content)).toContain('HTTP 404 Not Found: {"error":"Endpoint not found"}');
  expect(emulator.snapshot().events[0]?.name).toBe("Tech Conference 2024");
});
