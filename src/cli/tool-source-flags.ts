import { isMcpToolSource, parseMcpToolSource } from "../mcp/mcp-tool-source.js";
import type { ToolSourcePath } from "../pipeline/load-tool-sources.js";
import type { FetchFlowiseChatflowsOptions } from "../remote/flowise-instance.js";
import type { CliIo } from "./cli-io.js";

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
}

/** A command line's tool sources, as `loadToolSources` and `checkProject` take them. */
export interface CommandLineSources {
  paths: ToolSourcePath[];
  stdin?: string;
  flowise?: FetchFlowiseChatflowsOptions;
  signal: AbortSignal;
}

/**
 * The tool sources of a command line: config paths, and MCP servers, made here and only here from what
 * the user typed (docs/security.md); stdin when a path is `-`; the Flowise instance, its key from
 * --api-key or the environment.
 */
export async function commandLineSources(
  positionals: readonly string[],
  flags: ToolSourceFlags,
  io: Pick<CliIo, "env" | "readStdin" | "signal">,
): Promise<CommandLineSources> {
  const paths = positionals.map((argument) =>
    isMcpToolSource(argument) ? parseMcpToolSource(argument) : argument,
  );
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
