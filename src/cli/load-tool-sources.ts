import type { ConfigError } from "../config/config-issue.js";
import { loadFlowiseFlow } from "../config/load-flowise-flow.js";
import { emptyLoadResult, type LoadResult } from "../config/load-result.js";
import { confineToolkitSpecs, loadToolConfigs } from "../config/load-tool-configs.js";
import type { ListedMcpTool } from "../mcp/list-mcp-tools.js";
import { isMcpToolSource, type McpToolSource, parseMcpToolSource } from "../mcp/mcp-tool-source.js";
import { fetchFlowiseChatflows } from "../remote/flowise-instance.js";
import { createOutboundGuard } from "../runtime/outbound/outbound-guard.js";
import type { CliIo } from "./cli-io.js";
import { packageVersion } from "./package-version.js";
import { outboundPolicy } from "./tool-options.js";

/** The flags that read tools from a Flowise instance, shared by check, lint and tools. */
export const FLOWISE_FLAGS = {
  flowise: { type: "string" },
  "api-key": { type: "string" },
  chatflow: { type: "string", multiple: true },
} as const;

export interface ToolSourceFlags {
  flowise?: string | undefined;
  "api-key"?: string | undefined;
  chatflow?: string[] | undefined;
  /** Hosts an `mcp+http` source may be on (the outbound guard). */
  "allow-host"?: string[] | undefined;
  "base-url"?: string | undefined;
}

/**
 * The tool sources of a command line: config files and folders, and MCP servers. An MCP source (a
 * command to spawn, or a server to call) is only ever made here, from what the user typed: never from a
 * config file, a folder listing, a Flowise export or a scenario (docs/security.md).
 */
export interface CommandLineSources {
  files: string[];
  mcp: McpToolSource[];
}

export function splitToolSources(positionals: readonly string[]): CommandLineSources {
  return {
    files: positionals.filter((argument) => !isMcpToolSource(argument)),
    mcp: positionals.filter(isMcpToolSource).map(parseMcpToolSource),
  };
}

/** What a load of every source gave: configs, and the tools MCP servers listed. */
export interface ToolSources extends LoadResult {
  mcpTools: ListedMcpTool[];
}

/**
 * Tools from files and folders (default tools/, unless only a Flowise instance or MCP servers are
 * named), from the chatflows of a Flowise instance, each chatflow as the file `flowise:<chatflow name>`,
 * and from MCP servers (a server that cannot be listed is a load error). A Flowise that cannot be read
 * (network, 401) throws one line naming the URL.
 */
export async function loadToolSources(
  sources: CommandLineSources,
  flags: ToolSourceFlags,
  io: CliIo,
  roots?: readonly string[],
): Promise<ToolSources> {
  const paths = sources.files;
  const stdin = paths.includes("-") ? await io.readStdin?.() : undefined;
  const fromFiles =
    paths.length > 0 || (!flags.flowise && sources.mcp.length === 0)
      ? loadToolConfigs(paths.length > 0 ? paths : ["tools/"], {
          ...(roots ? { roots } : {}),
          ...(stdin !== undefined ? { stdin } : {}),
        })
      : emptyLoadResult();
  const fromMcp = await listMcpSources(sources.mcp, flags, io);
  const configs = await loadFlowiseSource(fromFiles, flags, io);
  return { ...configs, errors: [...configs.errors, ...fromMcp.errors], mcpTools: fromMcp.tools };
}

async function loadFlowiseSource(
  fromFiles: LoadResult,
  flags: ToolSourceFlags,
  io: CliIo,
): Promise<LoadResult> {
  if (!flags.flowise) return fromFiles;
  const apiKey = flags["api-key"] ?? io.env.TOOLDECK_API_KEY ?? io.env.FLOWISE_API_KEY;
  const chatflows = await fetchFlowiseChatflows({
    url: flags.flowise,
    ...(apiKey ? { apiKey } : {}),
    ...(flags.chatflow?.length ? { chatflowIds: flags.chatflow } : {}),
  });
  const remote = chatflows.reduce(
    (merged, chatflow) => merge(merged, loadFlowiseFlow(chatflow.flowData, `flowise:${chatflow.name}`)),
    emptyLoadResult(),
  );
  // A chatflow on a server names no file of this machine: a toolkit spec path there is refused.
  confineToolkitSpecs(remote, []);
  return merge(fromFiles, remote);
}

/** Each server's tools (in parallel); one that cannot be listed is a load error naming it. */
async function listMcpSources(
  sources: readonly McpToolSource[],
  flags: ToolSourceFlags,
  io: CliIo,
): Promise<{ tools: ListedMcpTool[]; errors: ConfigError[] }> {
  const result = { tools: [] as ListedMcpTool[], errors: [] as ConfigError[] };
  if (sources.length === 0) return result;
  // The MCP SDK is loaded only when a server is named.
  const { listMcpTools, McpListError } = await import("../mcp/list-mcp-tools.js");
  // tools/list is a POST, but it changes nothing: only the host is judged (--allow-host, --base-url's).
  const policy = { allowedHosts: outboundPolicy(flags).allowedHosts, allowWrites: true };
  const fetch = createOutboundGuard((input, init) => globalThis.fetch(input, init), policy);
  const listed = await Promise.allSettled(
    sources.map((source) => listMcpTools(source, { fetch, signal: io.signal, version: packageVersion() })),
  );
  for (const [index, outcome] of listed.entries()) {
    if (outcome.status === "fulfilled") result.tools.push(...outcome.value);
    else {
      const source = sources[index] as McpToolSource;
      const reason = outcome.reason instanceof McpListError ? outcome.reason.reason : String(outcome.reason);
      result.errors.push({ file: source.name, path: "", message: reason });
    }
  }
  return result;
}

function merge(a: LoadResult, b: LoadResult): LoadResult {
  return {
    tools: [...a.tools, ...b.tools],
    errors: [...a.errors, ...b.errors],
    warnings: [...a.warnings, ...b.warnings],
    specs: [...a.specs, ...b.specs],
    skipped: [...a.skipped, ...b.skipped],
  };
}
