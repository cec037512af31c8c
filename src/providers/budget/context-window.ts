import type { ProviderId } from "../wire-tool.js";

/**
 * The context budget when nothing says one: 128,000 tokens, the window of GPT-4o and GPT-4o mini, the
 * smallest of the tool-calling models the providers offer today (docs/rules.md#context-budget).
 */
export const DEFAULT_CONTEXT_BUDGET = 128_000;

/**
 * Each provider's context window, as the smallest of its current tool-calling models has it (confirmed
 * 2026-11-29, docs/rules.md#context-budget): an agent's tools must fit the model its flow picks, and the
 * smallest is the one that refuses first. MCP names no model: the host's decides.
 */
export const PROVIDER_CONTEXT_WINDOWS: Readonly<Record<ProviderId, number | undefined>> = {
  openai: 128_000,
  "openai-strict": 128_000,
  anthropic: 200_000,
  "anthropic-strict": 200_000,
  gemini: 1_048_576,
  vertex: 1_048_576,
  bedrock: 128_000,
  mcp: undefined,
};

/** The budget a run judges against, and what said it (findings quote it). */
export interface BudgetLimit {
  tokens: number;
  /** `--context-budget`, `contextBudget in tooldeck.config.yaml`, `anthropic's context window`, `the default`. */
  source: string;
}

/**
 * The run's context budget: `--context-budget`, else `contextBudget:` of the settings, else the smallest
 * window of the providers the tools are sent to, else `DEFAULT_CONTEXT_BUDGET`.
 * @example
 * budgetLimit({ providers: ["anthropic", "gemini"] }); // { tokens: 200000, source: "anthropic's context window" }
 */
export function budgetLimit(given: {
  flag?: number | undefined;
  setting?: { tokens: number; source: string } | undefined;
  providers?: readonly ProviderId[] | undefined;
}): BudgetLimit {
  if (given.flag !== undefined) return { tokens: given.flag, source: "--context-budget" };
  if (given.setting) return given.setting;
  const windows = (given.providers ?? []).flatMap((provider) => {
    const tokens = PROVIDER_CONTEXT_WINDOWS[provider];
    return tokens === undefined ? [] : [{ tokens, source: `${provider}'s context window` }];
  });
  const smallest = windows.sort((a, b) => a.tokens - b.tokens)[0];
  return smallest ?? { tokens: DEFAULT_CONTEXT_BUDGET, source: "the default" };
}
