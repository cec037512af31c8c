import type { LoadedTool, ToolAgent } from "../../config/tool-config.js";
import type { BudgetLimit } from "./context-window.js";

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

/** What the rule `context-budget` judges against: the budget, and each agent's definitions measured. */
export interface ContextBudget {
  limit: BudgetLimit;
  /**
   * Each agent's tool definitions, by agent id (`definitionCosts`); absent when not measured (a `lint()`
   * call given none): then only answers are judged.
   */
  definitions?: ReadonlyMap<string, DefinitionCost>;
}

/**
 * Characters per token of a JSON answer, for an answer the spec sizes in characters: OpenAI and Google
 * both document about 4 characters per token of English text, and JSON's punctuation runs nearer 3, so
 * the estimate errs toward fewer tokens (no finding on an answer that only might fit).
 */
export const CHARS_PER_TOKEN = 4;

/** The tokens a text of `chars` characters costs, by `CHARS_PER_TOKEN`. */
export function tokensOfChars(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}
