import type { ConfigError } from "../config/config-issue.js";
import { emptyLoadResult, type LoadResult } from "../config/load-result.js";
import { type LoadToolConfigsOptions, loadToolConfigsLazily } from "../config/load-tool-configs.js";
import type { ListedMcpTool } from "../mcp/list-mcp-tools.js";
import type { McpToolSource } from "../mcp/mcp-tool-source.js";
import { packageVersion } from "../package/package-version.js";
import type { RemoteSourceOptions } from "../platforms/platform.js";
import type { PlatformName } from "../platforms/platform-names.js";
import { PLATFORM_ENTRIES, platformNamed, preparePlatforms } from "../platforms/registry.js";
import { createOutboundGuard } from "../runtime/outbound/outbound-guard.js";

/**
 * A config file, folder or quoted pattern (`-`: the config in `stdin`), or an MCP server. An MCP source
 * (a command to spawn, or a server to call) is an object made by `mcpCommandSource` or `mcpUrlSource`
 * from a flag the user typed (`--mcp`, `--mcp-url`), never a string: a string is a path, whatever it
 * starts with, and a path found in a config, a folder listing, a Flowise export or a scenario is never
 * spawned (docs/security.md).
 */
export type ToolSourcePath = string | McpToolSource;

/**
 * Running instances of the platforms to read tools from, by platform: `flowise` (`--flowise`) reads the
 * chatflows of a Flowise, each as the file `flowise:<chatflow name>`.
 */
export type RemoteSources = { [P in PlatformName]?: RemoteSourceOptions | undefined };

/** Where `loadToolSources` finds tools: config paths, stdin, platform instances, MCP servers, and the roots they stay inside. */
export interface ToolSourceOptions extends RemoteSources {
  /** Default `tools/`, unless only a platform instance or MCP servers are named. */
  paths?: readonly ToolSourcePath[] | undefined;
  /** The config the path `-` stands for. */
  stdin?: string | undefined;
  /** Folders configs and toolkits' specs may be read from; default the repository of the working directory. */
  roots?: readonly string[] | undefined;
  /** Hosts an HTTP MCP server (`--mcp-url`) may be on (`--allow-host`, `--base-url`'s host). */
  allowHosts?: readonly string[] | undefined;
  /** Files the settings link to a platform's tool ids (`flowise: { tools: { <id>: <file> } }`). */
  linked?: LoadToolConfigsOptions["linked"];
  /** Documents the settings name for platforms' loaders (`dify: { providers: { <name>: <file> } }`). */
  documents?: LoadToolConfigsOptions["documents"];
  /** Gives up listing MCP servers. */
  signal?: AbortSignal | undefined;
}

/** What a load of every source gave: configs, and the tools MCP servers listed. */
export interface ToolSources extends LoadResult {
  mcpTools: ListedMcpTool[];
}

/**
 * Tools from files and folders, from the chatflows of a Flowise instance, and from MCP servers (a
 * server that cannot be listed is a load error naming it). A Flowise that cannot be read (network,
 * 401) throws one line naming the URL.
 * @example
 * const { tools, mcpTools } = await loadToolSources({ paths: ["tools/", mcpCommandSource("node server.js")] });
 */
export async function loadToolSources(options: ToolSourceOptions = {}): Promise<ToolSources> {
  const files = configPathsToRead(options);
  const mcp = (options.paths ?? []).filter((path): path is McpToolSource => typeof path !== "string");
  const fromFiles =
    files.length > 0
      ? await loadToolConfigsLazily(files, {
          ...(options.roots ? { roots: options.roots } : {}),
          ...(options.linked ? { linked: options.linked } : {}),
          ...(options.documents ? { documents: options.documents } : {}),
          ...(options.stdin !== undefined && files.includes("-") ? { stdin: options.stdin } : {}),
        })
      : emptyLoadResult();
  const fromMcp = await listMcpSources(mcp, options);
  const configs = await loadRemoteSources(fromFiles, options);
  return { ...configs, errors: [...configs.errors, ...fromMcp.errors], mcpTools: fromMcp.tools };
}

/** The config files, folders and patterns among the paths (not the MCP servers). */
export function configPaths(paths: readonly ToolSourcePath[]): string[] {
  return paths.filter((path): path is string => typeof path === "string");
}

/** The config paths a load reads: those given, else `tools/` unless only a platform instance or MCP servers are named. */
export function configPathsToRead(options: Pick<ToolSourceOptions, "paths" | PlatformName>): string[] {
  const paths = options.paths ?? [];
  const files = configPaths(paths);
  return files.length > 0 || namesRemoteSource(options) || paths.length > 0 ? files : ["tools/"];
}

/** Whether a platform instance is named (`--flowise URL`). */
export function namesRemoteSource(options: RemoteSources): boolean {
  return PLATFORM_ENTRIES.some((platform) => options[platform.name] !== undefined);
}

/** The tools of every platform instance named, after those of the files. */
async function loadRemoteSources(fromFiles: LoadResult, options: RemoteSources): Promise<LoadResult> {
  let loaded = fromFiles;
  for (const entry of PLATFORM_ENTRIES) {
    const named = options[entry.name];
    if (!named || !entry.remote) continue;
    await preparePlatforms([entry.name]);
    const remote = platformNamed(entry.name).remote;
    if (remote) loaded = merge(loaded, await remote.load(named));
  }
  return loaded;
}

/** Each server's tools (in parallel); one that cannot be listed is a load error naming it. */
async function listMcpSources(
  sources: readonly McpToolSource[],
  options: ToolSourceOptions,
): Promise<{ tools: ListedMcpTool[]; errors: ConfigError[] }> {
  const result = { tools: [] as ListedMcpTool[], errors: [] as ConfigError[] };
  if (sources.length === 0) return result;
  // The MCP SDK is loaded only when a server is named.
  const { listMcpTools, McpListError } = await import("../mcp/list-mcp-tools.js");
  // tools/list is a POST, but it changes nothing: only the host is judged (--allow-host, --base-url's).
  const policy = { allowedHosts: options.allowHosts ?? [], allowWrites: true };
  const fetch = createOutboundGuard((input, init) => globalThis.fetch(input, init), policy);
  const listed = await Promise.allSettled(
    sources.map((source) =>
      listMcpTools(source, {
        fetch,
        ...(options.signal ? { signal: options.signal } : {}),
        version: packageVersion(),
      }),
    ),
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
    notes: [...(a.notes ?? []), ...(b.notes ?? [])],
    ...(a.vars || b.vars ? { vars: { ...b.vars, ...a.vars } } : {}),
    specs: [...a.specs, ...b.specs],
    skipped: [...a.skipped, ...b.skipped],
  };
}
