import { mcpCommandSource, mcpUrlSource } from "../mcp/mcp-tool-source.js";
import type { ToolSourcePath } from "../pipeline/load-tool-sources.js";
import type { FetchFlowiseChatflowsOptions } from "../remote/flowise-instance.js";
import type { CliIo } from "./cli-io.js";

/**
 * The flags that read tools from elsewhere than files, shared by check, lint and tools: a Flowise
 * instance, and MCP servers (the only way to name one: an argument is always a path).
 */
export const TOOL_SOURCE_FLAGS = {
  flowise: { type: "string" },
  "api-key": { type: "string" },
  chatflow: { type: "string", multiple: true },
  mcp: { type: "string", multiple: true },
  "mcp-url": { type: "string", multiple: true },
} as const;

export interface ToolSourceFlags {
  flowise?: string | undefined;
  "api-key"?: string | undefined;
  chatflow?: string[] | undefined;
  mcp?: string[] | undefined;
  "mcp-url"?: string[] | undefined;
}

/** A command line's tool sources, as `loadToolSources` and `checkProject` take them. */
export interface CommandLineSources {
  paths: ToolSourcePath[];
  stdin?: string;
  flowise?: FetchFlowiseChatflowsOptions;
  signal: AbortSignal;
}

/**
 * The tool sources of a command line: every argument a config path (a file named `mcp:…` too), and MCP
 * servers, made here and only here from `--mcp` and `--mcp-url` (docs/security.md); stdin when a path
 * is `-`; the Flowise instance, its key from --api-key or the environment.
 */
export async function commandLineSources(
  positionals: readonly string[],
  flags: ToolSourceFlags,
  io: Pick<CliIo, "env" | "readStdin" | "signal">,
): Promise<CommandLineSources> {
  const paths = [
    ...positionals,
    ...(flags.mcp ?? []).map(mcpCommandSource),
    ...(flags["mcp-url"] ?? []).map(mcpUrlSource),
  ];
  const stdin = positionals.includes("-") ? await io.readStdin?.() : undefined;
  return {
    paths,
    ...(stdin !== undefined ? { stdin } : {}),
    ...(flags.flowise ? { flowise: flowiseSource(flags.flowise, flags, io.env) } : {}),
    signal: io.signal,
  };
}

function flowiseSource(url: string, flags: ToolSourceFlags, env: CliIo["env"]): FetchFlowiseChatflowsOptions {
  const apiKey = flags["api-key"] ?? env.TOOLDECK_API_KEY ?? env.FLOWISE_API_KEY;
  return {
    url,
    ...(apiKey ? { apiKey } : {}),
    ...(flags.chatflow?.length ? { chatflowIds: flags.chatflow } : {}),
  };
}
