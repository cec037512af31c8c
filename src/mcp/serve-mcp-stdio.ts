import type { Readable, Writable } from "node:stream";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { DRAIN_GRACE_MS } from "../net/drain-grace.js";
import { answerInvalidParams } from "./answer-invalid-params.js";
import { DrainingTransport } from "./draining-transport.js";

/** Where a stdio MCP server reads requests and writes answers. */
export interface StdioStreams {
  input: Readable;
  output: Writable;
}

export interface StdioStopOptions {
  /** How long the requests in flight at the end may take to be answered. Default 5 s. */
  graceMs?: number;
  /** Told, when the serving ends, how many requests are still unanswered (before they are waited for). */
  onStopping?: (inFlight: number) => void;
}

/**
 * Serves on stdin and stdout (or `streams`) until the client closes stdin or `signal` aborts. Then new
 * requests are refused, the ones in flight are answered (for at most `graceMs`; an error answers those
 * still running then), and the server is closed. Nothing else may write to that stdout: it carries only
 * the protocol.
 * @example
 * await serveMcpStdio(toMcpServer(tools), AbortSignal.timeout(60_000));
 */
export async function serveMcpStdio(
  server: Server,
  signal: AbortSignal,
  streams: StdioStreams = { input: process.stdin, output: process.stdout },
  options: StdioStopOptions = {},
): Promise<void> {
  const ended = new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
    streams.input.once("end", () => resolve());
    streams.input.once("close", () => resolve());
  });
  const checkedInput = answerInvalidParams(streams.input, streams.output);
  const transport = new DrainingTransport(new StdioServerTransport(checkedInput, streams.output));
  await server.connect(transport);
  await ended;
  options.onStopping?.(transport.inFlight);
  await transport.drain(options.graceMs ?? DRAIN_GRACE_MS);
  await server.close();
  // The SDK's transport pauses only the stream it reads: the real input, still piped, would keep the
  // process alive after the last answer.
  streams.input.unpipe(checkedInput);
  streams.input.pause();
}
