import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ToolDeckError } from "../errors.js";
import type { FetchLike } from "../net/fetch-like.js";
import type { McpToolSource } from "./mcp-tool-source.js";

/** One tool an MCP server lists: what an LLM given it would see. */
export interface ListedMcpTool {
  name: string;
  /** Absent when the server gives none. */
  description?: string;
  inputSchema: Record<string, unknown>;
  /** The source as the user named it (`--mcp node server.js`), and `tools[i]` in its `tools/list` answer. */
  source: { file: string; path: string };
}

/** How `listMcpTools` reaches a server: the fetch for a URL, how long it waits, an AbortSignal, the version it announces. */
export interface ListMcpToolsOptions {
  /** How HTTP sources (`--mcp-url`) are reached; the CLI passes the outbound guard. Default the global fetch. */
  fetch?: FetchLike;
  /** The whole listing (start, initialize, every page) gives up after this long. Default 20 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** How tooldeck introduces itself in `initialize`. */
  version?: string;
}

/** An MCP server whose tools could not be listed; `reason` is the message without the source's name. */
export class McpListError extends ToolDeckError {
  readonly source: McpToolSource;
  readonly reason: string;

  constructor(source: McpToolSource, reason: string, cause: unknown) {
    super("load", `${source.name}: ${reason}`, { cause });
    this.source = source;
    this.reason = reason;
  }
}

export const DEFAULT_LIST_TIMEOUT_MS = 20_000;
/** A server that keeps answering with a next cursor is not followed for ever. */
const MAX_PAGES = 100;
/** The last lines of a spawned server's stderr, for the error line when it fails. */
const KEPT_STDERR = 2_000;

/**
 * Connects to an MCP server, lists its tools (`tools/list`, every page) and disconnects; a spawned
 * server is stopped. The child gets the SDK's minimal environment (PATH, HOME, USER…), none of
 * tooldeck's variables or keys. Throws an `McpListError` (a
 * `ToolDeckError`) naming the source when it cannot.
 * @example
 * const tools = await listMcpTools(mcpCommandSource("node server.js"));
 */
export async function listMcpTools(
  source: McpToolSource,
  options: ListMcpToolsOptions = {},
): Promise<ListedMcpTool[]> {
  const stderr: string[] = [];
  const transport = toTransport(source, options, stderr);
  const client = new Client({ name: "tooldeck", version: options.version ?? "0.0.0" });
  const timeout = options.timeoutMs ?? DEFAULT_LIST_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeout);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    await client.connect(transport, { signal, timeout });
    const tools: ListedMcpTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client.listTools(cursor ? { cursor } : {}, { signal, timeout });
      for (const tool of answer.tools) tools.push(toListed(tool, source, tools.length));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return tools;
  } catch (cause) {
    const reason = deadline.aborted ? `no answer within ${timeout} ms` : firstLine(cause);
    const said = stderr.join("").trim().split("\n").at(-1);
    throw new McpListError(
      source,
      `cannot list its tools (${reason})${said ? `; it said: ${said}` : ""}`,
      cause,
    );
  } finally {
    await client.close().catch(() => undefined);
  }
}

function toTransport(source: McpToolSource, options: ListMcpToolsOptions, stderr: string[]): Transport {
  if (source.kind === "http") {
    return new StreamableHTTPClientTransport(
      new URL(source.url),
      options.fetch ? { fetch: options.fetch } : {},
    );
  }
  const transport = new StdioClientTransport({ command: source.command, args: source.args, stderr: "pipe" });
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr.push(chunk.toString("utf8"));
    while (stderr.join("").length > KEPT_STDERR && stderr.length > 1) stderr.shift();
  });
  return transport;
}

function toListed(
  tool: { name: string; description?: string | undefined; inputSchema: Record<string, unknown> },
  source: McpToolSource,
  index: number,
): ListedMcpTool {
  const listed: ListedMcpTool = {
    name: tool.name,
    inputSchema: tool.inputSchema,
    source: { file: source.name, path: `tools[${index}]` },
  };
  if (tool.description !== undefined) listed.description = tool.description;
  return listed;
}

/** The error's first line, and its cause's when fetch says no more than "fetch failed". */
function firstLine(error: unknown): string {
  const line = (value: unknown) => ((value as Error)?.message ?? String(value)).split("\n")[0] ?? "";
  const cause = (error as Error).cause;
  return cause === undefined ? line(error) : `${line(error)}: ${line(cause)}`;
}
