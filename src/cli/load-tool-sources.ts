import { fetchFlowiseChatflows } from "../config/flowise-instance.js";
import { loadFlowiseFlow } from "../config/load-flowise-flow.js";
import { emptyLoadResult, type LoadResult } from "../config/load-result.js";
import { confineToolkitSpecs, loadToolConfigs } from "../config/load-tool-configs.js";
import type { CliIo } from "./cli-io.js";

/** The flags that read tools from a Flowise instance, shared by check, lint and tools. */
export const FLOWISE_FLAGS = {
  flowise: { type: "string" },
  "api-key": { type: "string" },
  chatflow: { type: "string", multiple: true },
} as const;

export const FLOWISE_FLAGS_HELP = `  --flowise URL       also read the tools of a Flowise instance's chatflows (GET /api/v1/chatflows)
  --api-key KEY       its API key (default $TOOLDECK_API_KEY or $FLOWISE_API_KEY)
  --chatflow ID       only this chatflow (repeatable)`;

export interface ToolSourceFlags {
  flowise?: string | undefined;
  "api-key"?: string | undefined;
  chatflow?: string[] | undefined;
}

/**
 * Tools from files and folders (default tools/, unless only a Flowise instance is named) and from the
 * chatflows of a Flowise instance, each chatflow as the file `flowise:<chatflow name>`. A Flowise that
 * cannot be read (network, 401) throws one line naming the URL.
 */
export async function loadToolSources(
  paths: readonly string[],
  flags: ToolSourceFlags,
  io: CliIo,
  roots?: readonly string[],
): Promise<LoadResult> {
  const stdin = paths.includes("-") ? await io.readStdin?.() : undefined;
  const fromFiles =
    paths.length > 0 || !flags.flowise
      ? loadToolConfigs(paths.length > 0 ? paths : ["tools/"], {
          ...(roots ? { roots } : {}),
          ...(stdin !== undefined ? { stdin } : {}),
        })
      : emptyLoadResult();
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

function merge(a: LoadResult, b: LoadResult): LoadResult {
  return {
    tools: [...a.tools, ...b.tools],
    errors: [...a.errors, ...b.errors],
    warnings: [...a.warnings, ...b.warnings],
    specs: [...a.specs, ...b.specs],
    skipped: [...a.skipped, ...b.skipped],
  };
}
