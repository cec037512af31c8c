import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { toMcpServer } from "../../mcp/to-mcp-server.js";
import type { ExecutableTool } from "../../runtime/tool-result.js";
import type { CapturedRequest } from "./captured-request.js";

/**
 * What an MCP host is given for the tools: the `tools/list` result of tooldeck's MCP server
 * (`toMcpServer`), asked by an MCP client over an in-memory transport, as a host asks it.
 */
export async function captureMcpToolsList(tools: readonly ExecutableTool[]): Promise<CapturedRequest> {
  const server = toMcpServer(tools);
  const client = new Client({ name: "tooldeck-capture", version: "0.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  try {
    await client.connect(clientSide);
    const listed = await client.listTools();
    return { provider: "mcp", endpoint: "tools/list", body: { ...listed }, dropped: [] };
  } finally {
    await client.close();
    await server.close();
  }
}
