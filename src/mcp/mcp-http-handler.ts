import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { FetchHandler } from "../emulator/serve.js";
import { hostRefusal, type LocalListener, originRefusal } from "../net/local-listener-guard.js";

/** The path the MCP endpoint answers on, and the address it listens on (which decides the Host and Origin it takes). */
export interface McpHttpOptions {
  /** The path the endpoint answers on. Default `/mcp`. */
  path?: string;
  /**
   * The address the server listens on. On a loopback address only loopback `Host` and `Origin`
   * headers are taken (DNS rebinding, MCP's Streamable HTTP security warning). Default 127.0.0.1.
   */
  host?: string;
}

export const DEFAULT_MCP_PATH = "/mcp";

/**
 * MCP's Streamable HTTP transport as a `fetch` handler, stateless: every POST gets a fresh server from
 * `newServer` and a fresh transport, and is answered with JSON. There are no sessions, so GET (a
 * server-to-client stream) and DELETE (ending a session) are 405. What the tools change (the embedded
 * emulators' state) lives outside the servers and is shared by every request.
 * @example
 * const running = await serve(createMcpHttpHandler(() => toMcpServer(tools)), { port: 4020 });
 */
export function createMcpHttpHandler(newServer: () => Server, options: McpHttpOptions = {}): FetchHandler {
  const path = options.path ?? DEFAULT_MCP_PATH;
  const listener: LocalListener = { host: options.host ?? "127.0.0.1" };
  return async (request) => {
    if (new URL(request.url).pathname !== path)
      return jsonRpcError(404, `Not found: the endpoint is ${path}`);
    const refusal = hostRefusal(request, listener) ?? originRefusal(request, listener);
    if (refusal) return jsonRpcError(403, `Forbidden: ${refusal}`);
    if (request.method !== "POST")
      return jsonRpcError(405, "Method not allowed: this server is stateless (POST only)", { Allow: "POST" });
    const server = newServer();
    // Without a sessionIdGenerator the transport is stateless.
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      await server.close();
    }
  };
}

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status, headers });
}
