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
  /** UTF-8 bytes of the definitions: no tokenizer makes more tokens than bytes. */
  bytes: number;
  /** Tokens, counted only when `bytes` could reach `countFrom`: below it no budget can be overflowed. */
  tokens?: number;
}

/** How `definitionCosts` builds and counts. */
export interface DefinitionCostOptions {
  profile: Profile;
  /** The specs of OpenAPI toolkits, by their `spec` path: a toolkit without one gives no definitions. */
  toolkitSpecs?: ReadonlyMap<string, OperationIndex>;
  /** Tokens are counted for an agent whose definitions have more bytes than this; default always. */
  countFrom?: number;
  /** The tokenizer, loaded only when an agent needs counting; default o200k_base (`loadTokenCounter`). */
  loadCounter?: () => Promise<TokenCounter>;
}

/**
 * Each agent's tool definitions (the tools grouped by `agentOf`), built as the profile gives them to the
 * model and measured: their bytes always, their tokens only where the bytes could reach `countFrom`, so a
 * project whose agents are far below the budget never loads the tokenizer. HTTP nodes run as flow steps
 * and are no model's tools; a config that cannot be built gives no definition (its load or lint finding
 * says why).
 * @example
 * const costs = await definitionCosts(loaded.tools, { profile: "standard", countFrom: 64_000 });
 */
export async function definitionCosts(
  tools: readonly LoadedTool[],
  options: DefinitionCostOptions,
): Promise<Map<string, DefinitionCost>> {
  const costs = new Map<string, DefinitionCost & { texts: string[] }>();
  for (const tool of tools) {
    if (tool.config.kind === "http") continue;
    const agent = agentOf(tool.source);
    const cost = costs.get(agent.id) ?? { agent, first: tool, tools: 0, bytes: 0, texts: [] };
    costs.set(agent.id, cost);
    for (const built of await definitionsOf(tool, options)) {
      const text = toolDefinitionText(built);
      cost.texts.push(text);
      cost.tools++;
      cost.bytes += Buffer.byteLength(text);
    }
  }
  const result = new Map<string, DefinitionCost>();
  for (const [id, { texts, ...cost }] of costs) {
    if (cost.bytes > (options.countFrom ?? 0)) {
      const count = await (options.loadCounter ?? loadTokenCounter)();
      cost.tokens = texts.reduce((sum, text) => sum + count(text), 0);
    }
    result.set(id, cost);
  }
  return result;
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
