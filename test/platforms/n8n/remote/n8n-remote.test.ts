import { describe, expect, test } from "vitest";
import { ToolDeckError } from "../../../../src/errors.js";
import { N8N_REMOTE } from "../../../../src/platforms/n8n/remote/n8n-remote.js";
import { loopbackServer } from "../../../support/loopback-server.js";

const workflow = (id: string, name: string) => ({
  id,
  name,
  nodes: [
    { name: "Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1, parameters: {} },
    {
      name: "Get Item",
      type: "n8n-nodes-base.httpRequestTool",
      typeVersion: 4.2,
      parameters: { url: "https://api.example.com/items" },
    },
  ],
  connections: { "Get Item": { ai_tool: [[{ node: "Agent", type: "ai_tool", index: 0 }]] } },
});

/** An n8n public API in-process: two pages of workflows, one workflow by id, the API key checked. */
function n8nApi(seen: string[] = []) {
  return async (request: Request) => {
    seen.push(`${request.method} ${request.url} ${request.headers.get("x-n8n-api-key")}`);
    if (request.headers.get("x-n8n-api-key") !== "k")
      return Response.json({ message: "unauthorized" }, { status: 401 });
    const url = new URL(request.url);
    if (url.pathname === "/api/v1/workflows" && !url.searchParams.has("cursor")) {
      return Response.json({ data: [workflow("1", "First")], nextCursor: "p2" });
    }
    if (url.pathname === "/api/v1/workflows")
      return Response.json({ data: [workflow("2", "Second")], nextCursor: null });
    if (url.pathname === "/api/v1/workflows/2") return Response.json(workflow("2", "Second"));
    return Response.json({ message: "Not Found" }, { status: 404 });
  };
}

describe("--n8n URL: workflows read through n8n's public REST API", () => {
  test("every page of GET /api/v1/workflows, each workflow a file n8n:<name>", async () => {
    const seen: string[] = [];
    const result = await N8N_REMOTE.load({ url: "http://127.0.0.1:5678/", apiKey: "k", fetch: n8nApi(seen) });
    expect(seen).toEqual([
      "GET http://127.0.0.1:5678/api/v1/workflows k",
      "GET http://127.0.0.1:5678/api/v1/workflows?cursor=p2 k",
    ]);
    expect(result.tools.map((tool) => [tool.source.file, tool.config.name])).toEqual([
      ["n8n:First", "Get Item"],
      ["n8n:Second", "Get Item"],
    ]);
  });

  test("--workflow ID reads GET /api/v1/workflows/{id}", async () => {
    const seen: string[] = [];
    const result = await N8N_REMOTE.load({
      url: "http://127.0.0.1:5678/api/v1",
      apiKey: "k",
      ids: ["2"],
      fetch: n8nApi(seen),
    });
    expect(seen).toEqual(["GET http://127.0.0.1:5678/api/v1/workflows/2 k"]);
    expect(result.tools).toHaveLength(1);
  });

  test.each([
    [
      {},
      "http://127.0.0.1:5678/api/v1/workflows: 401 unauthorized (the server needs an API key: --api-key or N8N_API_KEY)",
    ],
    [
      { apiKey: "wrong" },
      "http://127.0.0.1:5678/api/v1/workflows: 401 unauthorized (the API key was refused)",
    ],
    [{ apiKey: "k", ids: ["9"] }, "http://127.0.0.1:5678/api/v1/workflows/9: 404 Not Found"],
  ])("a refusal is one load error naming the URL (%o)", async (given, message) => {
    await expect(
      N8N_REMOTE.load({ url: "http://127.0.0.1:5678", fetch: n8nApi(), ...given }),
    ).rejects.toThrow(new ToolDeckError("load", message));
  });

  test.each([
    ["not JSON", () => new Response("<html>"), "the answer is not JSON (is this the URL of an n8n server?)"],
    ["not a list", () => Response.json([]), 'expected { "data": [workflows…] }'],
    [
      "a row that is no workflow",
      () => Response.json({ data: [{ id: 1 }] }),
      "not an n8n workflow (expected nodes and connections)",
    ],
    [
      "a server that pages forever",
      () => Response.json({ data: [], nextCursor: "again" }),
      "more than 1000 pages of workflows",
    ],
  ])("a hostile server: %s", async (_name, answer, message) => {
    await expect(
      N8N_REMOTE.load({ url: "http://127.0.0.1:5678", fetch: async () => answer() }),
    ).rejects.toThrow(message);
  });

  test("a server that cannot be reached is named", async () => {
    const port = await closedPort();
    await expect(N8N_REMOTE.load({ url: `http://127.0.0.1:${port}` })).rejects.toThrow(
      new ToolDeckError("load", `http://127.0.0.1:${port}/api/v1/workflows: cannot connect (ECONNREFUSED)`),
    );
  });
});

/** A loopback port nothing listens on: a server's, once stopped. */
async function closedPort(): Promise<string> {
  const server = loopbackServer();
  await server.start();
  const host = server.host();
  await server.stop();
  return host.split(":")[1] ?? "";
}
