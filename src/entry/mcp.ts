// `tooldeck/mcp`: serve tools to MCP clients, and list an MCP server's tools (loads the MCP SDK).
export {
  DEFAULT_LIST_TIMEOUT_MS,
  type ListedMcpTool,
  type ListMcpToolsOptions,
  listMcpTools,
  McpListError,
} from "../mcp/list-mcp-tools.js";
export { createMcpHttpHandler, DEFAULT_MCP_PATH, type McpHttpOptions } from "../mcp/mcp-http-handler.js";
export { type McpToolSource, mcpCommandSource, mcpUrlSource } from "../mcp/mcp-tool-source.js";
export { type StdioStreams, serveMcpStdio } from "../mcp/serve-mcp-stdio.js";
export type { McpExchange } from "../mcp/to-call-tool-result.js";
export { type McpServerOptions, toMcpServer } from "../mcp/to-mcp-server.js";
