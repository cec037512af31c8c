import { agentOf } from "../../config/tool-agent.js";
import type { LoadedTool } from "../../config/tool-config.js";
import { groupBy } from "../../json/group-by.js";
import type { OperationIndex } from "../../openapi/operation-index.js";
import type { Profile } from "../../profile.js";
import { createModelToolsOf, type ModelToolsOf } from "../model-tools-of.js";
import type { DefinitionCost } from "./context-budget.js";
import { loadTokenCounter, type TokenCounter } from "./token-counter.js";
import { toolDefinitionText } from "./tool-definition-text.js";

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
  /**
   * What each config gives its model, shared with the provider gate so that a run builds each tool once
   * (default: built here, under `profile` with `toolkitSpecs`).
   */
  modelToolsOf?: ModelToolsOf;
}

/**
 * What each agent's tool definitions (the tools grouped by `agentOf`) cost, built as the profile gives
 * them to the model and counted in tokens, for the agents whose definitions pass `countFrom` bytes.
 * Cheap first: an agent whose configs bound its definitions under `countFrom` is not built at all, one
 * whose built definitions stay under it is not counted, so a project of ordinary agents never loads the
 * tokenizer; a huge one stops building at `stopAt` tokens. HTTP nodes run as flow steps and are
 * no model's tools; a config that cannot be built gives no definition (its load or lint finding says why).
 * @example
 * const costs = await definitionCosts(loaded.tools, { profile: "standard", countFrom: 64_000, stopAt: 128_000 });
 */
export async function definitionCosts(
  tools: readonly LoadedTool[],
  options: DefinitionCostOptions,
): Promise<Map<string, DefinitionCost>> {
  const costs = new Map<string, DefinitionCost>();
  const modelToolsOf = options.modelToolsOf ?? createModelToolsOf(options);
  for (const [id, agentTools] of byAgent(tools)) {
    const bound = agentTools.reduce((sum, tool) => sum + bytesBound(tool), 0);
    if (bound <= (options.countFrom ?? 0)) continue;
    const cost = await measureAgent(agentTools, options, modelToolsOf);
    if (cost) costs.set(id, cost);
  }
  return costs;
}

function byAgent(tools: readonly LoadedTool[]): Map<string, LoadedTool[]> {
  return groupBy(tools, (tool) => (tool.config.kind === "http" ? undefined : agentOf(tool.source).id));
}

/**
 * At most the bytes a config's definitions take: twice its JSON (a definition repeats what the config
 * says of each field, name, type and description, inside JSON Schema's keywords) and a kilobyte of the
 * wrapping a profile adds. A toolkit's definitions are its spec's: no bound without building it (then
 * its built definitions' bytes decide, before any token is counted).
 */
function bytesBound(tool: LoadedTool): number {
  if (tool.config.kind === "openapi-toolkit") return Number.POSITIVE_INFINITY;
  return 2 * Buffer.byteLength(JSON.stringify(tool.config)) + 1024;
}

/**
 * The agent's definitions built in order and weighed in bytes; counted in tokens once their bytes pass
 * `countFrom` (the tokenizer loaded then), until the tokens reach `stopAt`. Undefined when the bytes
 * never pass `countFrom`.
 */
async function measureAgent(
  tools: readonly LoadedTool[],
  options: DefinitionCostOptions,
  modelToolsOf: ModelToolsOf,
): Promise<DefinitionCost | undefined> {
  const [first] = tools as [LoadedTool];
  const cost: DefinitionCost = { agent: agentOf(first.source), first, tools: 0, tokens: 0 };
  const countFrom = options.countFrom ?? 0;
  const stopAt = options.stopAt ?? Number.POSITIVE_INFINITY;
  const waiting: string[] = [];
  let bytes = 0;
  let count: TokenCounter | undefined;
  for (const [index, tool] of tools.entries()) {
    if (cost.tokens >= stopAt) {
      // The rest at the rate of those measured: the verdict is already over the budget, the figure "about".
      const rest = tools.length - index;
      cost.tools += Math.round((cost.tools / index) * rest);
      cost.tokens += Math.round((cost.tokens / index) * rest);
      cost.estimated = true;
      break;
    }
    for (const built of await modelToolsOf(tool)) {
      const text = toolDefinitionText(built);
      cost.tools++;
      bytes += Buffer.byteLength(text);
      waiting.push(text);
    }
    if (!count && bytes > countFrom) count = await (options.loadCounter ?? loadTokenCounter)();
    if (count) for (const text of waiting.splice(0)) cost.tokens += count(text);
  }
  return count ? cost : undefined;
}
