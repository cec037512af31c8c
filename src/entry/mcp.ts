// `tooldeck/mcp`: serve tools to MCP clients, and list an MCP server's tools (loads the MCP SDK).
// Exactly what README's table lists, no more: test/architecture/public-api.test.ts holds the two equal.
// Every platform, loaded with the entry: its calls find them all, synchronously (all-platforms.ts).
import "../platforms/all-platforms.js";

export {
  type ListedMcpTool,
  type ListMcpToolsOptions,
  listMcpTools,
  McpListError,
} from "../mcp/list-mcp-tools.js";
export { createMcpHttpHandler, type McpHttpOptions } from "../mcp/mcp-http-handler.js";
export { type McpToolSource, mcpCommandSource, mcpUrlSource } from "../mcp/mcp-tool-source.js";
export { type StdioStreams, serveMcpStdio } from "../mcp/serve-mcp-stdio.js";
export { type McpServerOptions, toMcpServer } from "../mcp/to-mcp-server.js";
