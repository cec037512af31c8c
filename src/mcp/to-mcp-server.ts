import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { ToolDeckError } from "../errors.js";
import { createCallRedactor } from "../replay/redact.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import { toCallToolResult } from "./to-call-tool-result.js";

/** What the MCP server tells its clients (name, version, instructions), and the variables its tools resolve. */
export interface McpServerOptions {
  /** The server's name and version in `initialize` (default `tooldeck`, `0.0.0`). */
  name?: string;
  version?: string;
  /** Told to the client in `initialize`: what the tools reach and how they run. */
  instructions?: string;
  /**
   * The tools' variables: the values of secret ones (src/secrets/secret-vars.ts: a credential's name,
   * or named in `secretVars`) are hidden from the exchange returned as structured content, and
   * credential headers always are.
   */
  vars?: Record<string, string>;
  /** Variables secret whatever their name: marked by the user, or used by the configs as credentials. */
  secretVars?: readonly string[];
  /** Whether the tools reach services outside this process (the MCP `openWorldHint`). Default true. */
  openWorld?: boolean;
}

/**
 * An MCP server (the SDK's `Server`, not yet connected to a transport) offering the tools: each with
 * its name, description and the exact JSON schema the profile gives the LLM. A call runs the tool and
 * returns its output as text content, `isError: true` when it failed (the text the profile shows the
 * LLM), and the HTTP exchange as structured content. An unknown tool is a JSON-RPC error (-32602), as
 * the MCP specification has it. Tool names must be unique.
 * @example
 * const server = toMcpServer(await createTools(configs, { fetch: emulator.fetch, vars: emulator.vars }));
 * await server.connect(new StdioServerTransport());
 */
export function toMcpServer(tools: readonly ExecutableTool[], options: McpServerOptions = {}): Server {
  const byName = indexByName(tools);
  const redact = createCallRedactor(options.vars ?? {}, { marked: options.secretVars ?? [] });
  const listed = tools.map((tool) => toMcpTool(tool, options.openWorld ?? true));
  // The low-level Server, not McpServer: McpServer derives each schema from zod, and the schemas here
  // are already the exact JSON the profile gives the LLM.
  const server = new Server(
    { name: options.name ?? "tooldeck", version: options.version ?? "0.0.0" },
    {
      capabilities: { tools: { listChanged: false } },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    const tool = byName.get(name);
    if (!tool) {
      const known = [...byName.keys()].join(", ") || "none";
      throw new UnknownToolError(`Unknown tool: ${name} (tools: ${known})`);
    }
    const result = await tool.invoke(args ?? {}, { signal: extra.signal });
    return toCallToolResult(result, redact);
  });
  return server;
}

/**
 * A JSON-RPC "invalid params" error, as MCP answers a call of a tool it does not have. Not the SDK's
 * McpError, whose message already carries "MCP error -32602:", which clients prefix once more.
 */
class UnknownToolError extends Error {
  readonly code = ErrorCode.InvalidParams;
}

function indexByName(tools: readonly ExecutableTool[]): Map<string, ExecutableTool> {
  const byName = new Map<string, ExecutableTool>();
  for (const tool of tools) {
    // Flowise keeps a name used twice; an MCP client can only ever call the first of the two.
    if (byName.has(tool.name))
      throw new ToolDeckError("load", `two tools are named '${tool.name}': an MCP server needs unique names`);
    byName.set(tool.name, tool);
  }
  return byName;
}

/** The method tells what a call may do; a hint only, as MCP says (the service decides). */
function toMcpTool(tool: ExecutableTool, openWorld: boolean): Tool {
  const method = tool.endpoint?.method.toUpperCase();
  const annotations: Tool["annotations"] = { openWorldHint: openWorld };
  if (method !== undefined) {
    annotations.readOnlyHint = method === "GET" || method === "HEAD";
    annotations.destructiveHint = method === "DELETE" || method === "PUT" || method === "PATCH";
    annotations.idempotentHint = method !== "POST" && method !== "PATCH";
  }
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool["inputSchema"],
    annotations,
  };
}
