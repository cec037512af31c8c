import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import type { ToolConfig } from "../../src/config/tool-config.js";
import { createEmulator } from "../../src/emulator/create-emulator.js";
import { toMcpServer } from "../../src/mcp/to-mcp-server.js";
import type { Profile } from "../../src/profile.js";
import { createTools } from "../../src/runtime/create-tools.js";
import { captureIo } from "../support/capture-io.js";
import { createEvent, deleteEvent, getEvents, NEW_EVENT, updateEvent } from "../support/tutorial-tools.js";

const TUTORIAL = [getEvents, createEvent, updateEvent, deleteEvent];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** The SDK's own client, over an in-memory transport, to a server of the configs on a fresh emulator. */
async function connect(configs: ToolConfig[], profile: Profile, vars: Record<string, string> = {}) {
  const emulator = createEmulator();
  const runtimeVars = { ...emulator.vars, ...vars };
  const tools = await createTools(configs, {
    profile,
    fetch: emulator.fetch,
    resolveHost: emulator.resolveHost,
    vars: runtimeVars,
  });
  const server = toMcpServer(tools, { vars: runtimeVars, openWorld: false });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  clients.push(client);
  return { client, emulator, tools };
}

/** What `tooldeck tools --json` prints for tools/request-tools.yaml under the profile. */
async function toolsJson(profile: Profile) {
  const { io, stdout } = captureIo();
  expect(await runCli(["tools", "--json", "--profile", profile, "tools/request-tools.yaml"], io)).toBe(0);
  return (JSON.parse(stdout()) as { name: string; description: string; inputSchema: unknown }[]).map(
    ({ name, description, inputSchema }) => ({ name, description, inputSchema }),
  );
}

const UPDATE_404 = {
  standard: 'HTTP 404 Not Found: {"error":"Endpoint not found"}',
  flowise: "Failed to make PUT request: HTTP Error 404: Not Found",
};

describe.each(["standard", "flowise"] as const)(
  "an MCP server of the tutorial's tools under %s",
  (profile) => {
    test("tools/list gives the names, descriptions and schemas of 'tooldeck tools --json'", async () => {
      const { client } = await connect(TUTORIAL, profile);
      const { tools } = await client.listTools();
      expect(tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))).toEqual(
        await toolsJson(profile),
      );
    });

    test("get_events with id 1 returns event 1, and the exchange as structured content", async () => {
      const { client } = await connect(TUTORIAL, profile);
      const result = await client.callTool({ name: "get_events", arguments: { queryParams: { id: "1" } } });
      expect(result.isError).toBeUndefined();
      const [content] = result.content as { type: string; text: string }[];
      expect(content?.type).toBe("text");
      expect(JSON.parse(content?.text ?? "")).toMatchObject({ id: "1", name: "Tech Conference 2024" });
      expect(result.structuredContent).toMatchObject({
        ok: true,
        request: { method: "GET", url: "http://events.tooldeck.internal/events/1" },
        response: { status: 200 },
      });
    });

    test("update_event returns the profile's 404 as isError", async () => {
      const { client, emulator } = await connect(TUTORIAL, profile);
      const result = await client.callTool({ name: "update_event", arguments: { body: NEW_EVENT } });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: "text", text: UPDATE_404[profile] }]);
      expect(result.structuredContent).toMatchObject({
        ok: false,
        request: { method: "PUT" },
        response: { status: 404 },
      });
      expect(emulator.snapshot().events).toHaveLength(5);
    });

    test("create_event changes the emulator's state", async () => {
      const { client, emulator } = await connect(TUTORIAL, profile);
      const result = await client.callTool({ name: "create_event", arguments: { body: NEW_EVENT } });
      expect(result.isError).toBeUndefined();
      expect(emulator.snapshot().events.at(-1)).toMatchObject(NEW_EVENT);
    });

    test("invalid arguments: isError with the text the profile shows the LLM, nothing sent", async () => {
      const { client, tools, emulator } = await connect(TUTORIAL, profile);
      const args = { body: { name: 5 } };
      const direct = await tools.find((tool) => tool.name === "create_event")?.invoke(args);
      const result = await client.callTool({ name: "create_event", arguments: args });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: "text", text: direct?.output }]);
      expect(direct?.output).toContain("Received tool input did not match expected schema");
      expect(result.structuredContent).toEqual({ ok: false, error: direct?.error });
      expect(emulator.snapshot().events).toHaveLength(5);
    });

    test("an unknown tool is a JSON-RPC invalid-params error naming the tools", async () => {
      const { client } = await connect(TUTORIAL, profile);
      const call = client.callTool({ name: "get_event", arguments: {} });
      await expect(call).rejects.toBeInstanceOf(McpError);
      await expect(call).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
        message: expect.stringContaining(
          "Unknown tool: get_event (tools: get_events, create_event, update_event, delete_event)",
        ),
      });
    });
  },
);

test("annotations say what each method may do; the tools stay in this process", async () => {
  const { client } = await connect(TUTORIAL, "standard");
  const { tools } = await client.listTools();
  expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]))).toEqual({
    get_events: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    create_event: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    },
    update_event: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    delete_event: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  });
});

test("structured content hides credential headers and variable values", async () => {
  const token = "s3cr3t-token-value";
  const echo: ToolConfig = {
    ...getEvents,
    name: "get_with_key",
    headers: { Authorization: "Bearer {{$vars.token}}", "X-Tenant": "{{$vars.token}}" },
  };
  const { client } = await connect([echo], "standard", { token });
  const result = await client.callTool({ name: "get_with_key", arguments: { queryParams: { id: "1" } } });
  expect(result.isError).toBeUndefined();
  expect(result.structuredContent).toMatchObject({
    request: { headers: { Authorization: "[redacted]", "X-Tenant": "{{$vars.token}}" } },
  });
  expect(JSON.stringify(result.structuredContent)).not.toContain(token);
});

test("two tools of one name are refused: an MCP client could call only one of them", async () => {
  const tools = await createTools([getEvents, getEvents], { profile: "flowise" });
  expect(() => toMcpServer(tools)).toThrow(
    "two tools are named 'get_events': an MCP server needs unique names",
  );
});
