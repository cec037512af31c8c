import { mcpCommandSource, mcpUrlSource } from "../mcp/mcp-tool-source.js";
import type { RemoteSources, ToolSourcePath } from "../pipeline/load-tool-sources.js";
import type { RemoteSource, RemoteSourceOptions } from "../platforms/platform.js";
import { PLATFORM_ENTRIES } from "../platforms/registry.js";
import type { CliIo } from "./cli-io.js";

/** Each platform with an API to read: `--<platform> URL` names an instance, its pick flag items of it. */
const REMOTE_FLAGS = Object.fromEntries(
  PLATFORM_ENTRIES.flatMap((platform) =>
    platform.remote
      ? [
          [platform.name, { type: "string" }],
          [platform.remote.pickFlag, { type: "string", multiple: true }],
        ]
      : [],
  ),
) as Record<string, { type: "string"; multiple?: true }>;

/**
 * The flags that read tools from elsewhere than files, shared by check, lint and tools: a platform's
 * instance (`--flowise URL`, `--chatflow ID`), and MCP servers (the only way to name one: an argument is
 * always a path).
 */
export const TOOL_SOURCE_FLAGS = {
  ...REMOTE_FLAGS,
  "api-key": { type: "string" },
  mcp: { type: "string", multiple: true },
  "mcp-url": { type: "string", multiple: true },
} as const;

export interface ToolSourceFlags {
  "api-key"?: string | undefined;
  mcp?: string[] | undefined;
  "mcp-url"?: string[] | undefined;
  /** The platforms' flags (`flowise`, `chatflow`). */
  [remoteFlag: string]: string | string[] | boolean | undefined;
}

/** A command line's tool sources, as `loadToolSources` and `checkProject` take them. */
export interface CommandLineSources extends RemoteSources {
  paths: ToolSourcePath[];
  stdin?: string;
  signal: AbortSignal;
}

/**
 * The tool sources of a command line: every argument a config path (a file named `mcp:…` too), and MCP
 * servers, made here and only here from `--mcp` and `--mcp-url` (docs/security.md); stdin when a path
 * is `-`; the platform instances, their key from --api-key or the environment.
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
  const sources: CommandLineSources = { paths, ...(stdin !== undefined ? { stdin } : {}), signal: io.signal };
  for (const platform of PLATFORM_ENTRIES) {
    const url = flags[platform.name];
    if (typeof url === "string" && url !== "" && platform.remote)
      sources[platform.name] = remoteSource(url, platform.remote, flags, io.env);
  }
  return sources;
}

function remoteSource(
  url: string,
  remote: Pick<RemoteSource, "pickFlag" | "apiKeyEnv">,
  flags: ToolSourceFlags,
  env: CliIo["env"],
): RemoteSourceOptions {
  const apiKey =
    flags["api-key"] ?? remote.apiKeyEnv.map((name) => env[name]).find((value) => value !== undefined);
  const ids = flags[remote.pickFlag];
  return {
    url,
    ...(apiKey ? { apiKey } : {}),
    ...(Array.isArray(ids) && ids.length > 0 ? { ids: ids.map(String) } : {}),
  };
}
