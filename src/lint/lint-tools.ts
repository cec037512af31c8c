import type { LoadedTool } from "../config/tool-config.js";
import type { ContextBudget } from "../providers/budget/context-budget.js";
import { type BudgetLimit, budgetLimit } from "../providers/budget/context-window.js";
import { definitionCosts } from "../providers/budget/definition-costs.js";
import type { WireToolsOf } from "../providers/default-wire-tools.js";
import { createModelToolsOf, type ModelToolsOf } from "../providers/model-tools-of.js";
import { type WireChoice, wireToolsOfChoice } from "../providers/wire-choice.js";
import type { ProviderId } from "../providers/wire-tool.js";
import { applySeverities } from "./apply-severities.js";
import { compareDiagnostics, type Diagnostic } from "./diagnostic.js";
import { type LintOptions, lint as lintRules } from "./lint.js";
import { providerRejects } from "./provider-rejects/provider-rejects.js";

/**
 * How the library's `lint` judges tools: the rules' options (`LintOptions`, but for the budget, which is
 * measured here) and, as `check` takes them, the context budget, the providers and the wire seam.
 */
export interface LintToolsOptions extends Omit<LintOptions, "budget"> {
  /** The tokens an agent's context holds (`context-budget`); default `budgetLimit({})`, 128,000 tokens. */
  contextBudget?: BudgetLimit;
  /**
   * The model providers each agent's tools are judged against, as errors (`provider-rejects`); absent:
   * the one its flow's model node is from, else every provider's API, as warnings.
   */
  providers?: readonly ProviderId[];
  /** What an agent's tools become on the wire to a provider (default `defaultWireToolsOf`); over `wire`. */
  wireToolsOf?: WireToolsOf;
  /**
   * `captured`: judge each agent's tools as the platform's LangChain provider class really sends them
   * (`createCapturedWireToolsOf`; 0.2–0.5 s per provider for a thousand tools); default `default`.
   */
  wire?: WireChoice;
  /** Hears why a provider was judged in the default form under `wire: "captured"` (its package is missing). */
  onNote?: (note: string) => void;
}

/**
 * Lints loaded tools as `tooldeck lint` and `check` do, without probing: the rules (`DEFAULT_RULES`
 * unless `rules` is given), each agent's tool definitions measured against the context budget
 * (`context-budget`), and each agent's tool list judged against the model providers (`provider-rejects`).
 * Never throws for a bad config: each problem is a `Diagnostic`, with the configured severities
 * (`settings`; `off` turns a rule off, the measure or the provider gate too). Sorted by file, then severity.
 * @example
 * const diagnostics = await lint(loaded.tools, { profile: "flowise", providers: ["anthropic"] });
 */
export async function lint(
  tools: readonly LoadedTool[],
  options: LintToolsOptions = {},
): Promise<Diagnostic[]> {
  return applySeverities(await lintTools(tools, options), options.settings).sort(compareDiagnostics);
}

/**
 * What `lint` finds, in `check`'s order (the rules' findings, sorted, then the provider gate's): the
 * static half of a check of tools judged under one profile. The context budget's measure and the provider
 * gate share one build of each tool as its model is given it.
 */
export async function lintTools(
  tools: readonly LoadedTool[],
  options: LintToolsOptions,
): Promise<Diagnostic[]> {
  const { contextBudget, providers, wire, onNote, wireToolsOf: given, ...rules } = options;
  const profile = options.profile ?? "standard";
  const modelToolsOf = createModelToolsOf({
    profile,
    ...(options.toolkitSpecs ? { toolkitSpecs: options.toolkitSpecs } : {}),
  });
  const budget = await measureBudget(tools, options, modelToolsOf);
  const judged = lintRules(tools, { ...rules, ...(budget ? { budget } : {}) });
  if (options.settings?.["provider-rejects"] === "off") return judged;
  const wireToolsOf = given ?? (await wireToolsOfChoice(wire, onNote));
  const gate = await providerRejects(tools, {
    profile,
    ...(options.toolkitSpecs ? { toolkitSpecs: options.toolkitSpecs } : {}),
    ...(providers ? { providers } : {}),
    ...(wireToolsOf ? { wireToolsOf } : {}),
    modelToolsOf,
  });
  return [...judged, ...gate];
}

/**
 * The context budget and each agent's definitions, measured unless `context-budget` is off: only an
 * agent whose definitions could take more than half the budget is built and counted (below that the rule
 * has nothing to say), and only up to the budget (past it the verdict is made).
 */
async function measureBudget(
  tools: readonly LoadedTool[],
  options: LintToolsOptions,
  modelToolsOf: ModelToolsOf,
): Promise<ContextBudget | undefined> {
  if (options.settings?.["context-budget"] === "off") return undefined;
  const limit = options.contextBudget ?? budgetLimit({});
  // Half the budget is where the rule starts to speak; past the budget its verdict is made.
  const measure = {
    profile: options.profile ?? "standard",
    ...(options.toolkitSpecs ? { toolkitSpecs: options.toolkitSpecs } : {}),
    modelToolsOf,
    countFrom: Math.floor(limit.tokens / 2),
    stopAt: limit.tokens,
  };
  return { limit, definitions: await definitionCosts(tools, measure) };
}
