import type { Readable, Writable } from "node:stream";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

/** Where a stdio MCP server reads requests and writes answers. */
export interface StdioStreams {
  input: Readable;
  output: Writable;
}

/**
 * Serves on stdin and stdout (or `streams`) until the client closes stdin or `signal` aborts, then
 * closes the server. Nothing else may write to that stdout: it carries only the protocol.
 * @example
 * await serveMcpStdio(toMcpServer(tools), AbortSignal.timeout(60_000));
 */
export async function serveMcpStdio(
  server: Server,
  signal: AbortSignal,
  streams: StdioStreams = { input: process.stdin, output: process.stdout },
): Promise<void> {
  const ended = new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
    streams.input.once("end", () => resolve());
    streams.input.once("close", () => resolve());
  });
  await server.connect(new StdioServerTransport(streams.input, streams.output));
  await ended;
  await server.close();
}
