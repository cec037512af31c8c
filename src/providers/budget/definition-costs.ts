import { agentOf } from "../../config/tool-agent.js";
import type { LoadedTool, ToolAgent } from "../../config/tool-config.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import type { Profile } from "../../profile.js";
import { createTool } from "../../runtime/create-tools.js";
import type { ExecutableTool } from "../../runtime/tool-result.js";
import { createToolkit } from "../../runtime/toolkit/create-toolkit.js";
import { loadTokenCounter, type TokenCounter } from "./token-counter.js";
import { toolDefinitionText } from "./tool-definition-text.js";

/** What one agent's tool definitions cost in every request its model is sent. */
export interface DefinitionCost {
  agent: ToolAgent;
  /** The agent's first tool: the finding on the agent is reported there. */
  first: LoadedTool;
  /** The definitions sent (a toolkit gives one per operation). */
  tools: number;
  /** Their tokens: counted, or, past `stopAt`, the count so far and the rest at the same rate per config. */
  tokens: number;
  /** The tokens are partly extrapolated (`stopAt` was reached). */
  estimated?: boolean;
}

/** How `definitionCosts` builds and counts. */
export interface DefinitionCostOptions {
  profile: Profile;
  /** The specs of OpenAPI toolkits, by their `spec` path: a toolkit without one gives no definitions. */
  toolkitSpecs?: ReadonlyMap<string, OperationIndex>;
  /**
   * An agent whose definitions cannot have more bytes than this is left out, unbuilt and uncounted: no
   * tokenizer makes more tokens than bytes. Default 0: every agent is measured.
   */
  countFrom?: number;
  /** Past this many tokens an agent's remaining configs are estimated, not built; default never. */
  stopAt?: number;
  /** The tokenizer, loaded only when an agent needs counting; default o200k_base (`loadTokenCounter`). */
  loadCounter?: () => Promise<TokenCounter>;
}

/**
 * What each agent's tool definitions (the tools grouped by `agentOf`) cost, built as the profile gives
 * them to the model and counted in tokens. Cheap first: an agent whose configs bound its definitions
 * under `countFrom` bytes is not built at all, so a project of ordinary agents builds nothing and never
 * loads the tokenizer; a huge one stops building at `stopAt` tokens. HTTP nodes run as flow steps and are
 * no model's tools; a config that cannot be built gives no definition (its load or lint finding says why).
 * @example
 * const costs = await definitionCosts(loaded.tools, { profile: "standard", countFrom: 64_000, stopAt: 128_000 });
 */
export async function definitionCosts(
  tools: readonly LoadedTool[],
  options: DefinitionCostOptions,
): Promise<Map<string, DefinitionCost>> {
  const costs = new Map<string, DefinitionCost>();
  for (const [id, agentTools] of byAgent(tools)) {
    const bound = agentTools.reduce((sum, tool) => sum + bytesBound(tool), 0);
    if (bound <= (options.countFrom ?? 0)) continue;
    costs.set(id, await measureAgent(agentTools, options));
  }
  return costs;
}

function byAgent(tools: readonly LoadedTool[]): Map<string, LoadedTool[]> {
  const agents = new Map<string, LoadedTool[]>();
  for (const tool of tools) {
    if (tool.config.kind === "http") continue;
    const id = agentOf(tool.source).id;
    agents.set(id, [...(agents.get(id) ?? []), tool]);
  }
  return agents;
}

/**
 * At most the bytes a config's definitions take: twice its JSON (a definition repeats what the config
 * says of each field, name, type and description, inside JSON Schema's keywords) and a kilobyte of the
 * wrapping a profile adds. A toolkit's definitions are its spec's: no bound without building it.
 */
function bytesBound(tool: LoadedTool): number {
  if (tool.config.kind === "openapi-toolkit") return Number.POSITIVE_INFINITY;
  return 2 * Buffer.byteLength(JSON.stringify(tool.config)) + 1024;
}

async function measureAgent(
  tools: readonly LoadedTool[],
  options: DefinitionCostOptions,
): Promise<DefinitionCost> {
  const [first] = tools as [LoadedTool];
  const count = await (options.loadCounter ?? loadTokenCounter)();
  const cost: DefinitionCost = { agent: agentOf(first.source), first, tools: 0, tokens: 0 };
  const stopAt = options.stopAt ?? Number.POSITIVE_INFINITY;
  for (const [index, tool] of tools.entries()) {
    if (cost.tokens >= stopAt) {
      // The rest at the rate of those measured: the verdict is already over the budget, the figure "about".
      const rest = tools.length - index;
      cost.tools += Math.round((cost.tools / index) * rest);
      cost.tokens += Math.round((cost.tokens / index) * rest);
      cost.estimated = true;
      break;
    }
    for (const built of await definitionsOf(tool, options)) {
      cost.tools++;
      cost.tokens += count(toolDefinitionText(built));
    }
  }
  return cost;
}

async function definitionsOf(tool: LoadedTool, options: DefinitionCostOptions): Promise<ExecutableTool[]> {
  const { config } = tool;
  try {
    if (config.kind !== "openapi-toolkit") return await createTool(config, { profile: options.profile });
    const spec = options.toolkitSpecs?.get(config.spec);
    return spec ? await createToolkit(config, { profile: options.profile, spec }) : [];
  } catch {
    return [];
  }
}
