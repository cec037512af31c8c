import type { RequestToolConfig } from "../../config/request-tool-config.js";
import { agentOf } from "../../config/tool-agent.js";
import type { LoadedTool, ToolConfig } from "../../config/tool-config.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import type { AnswerCut } from "../../platforms/platform.js";
import { platformOf, platformToolKind } from "../../platforms/registry.js";
import { type AnswerSize, answerSize } from "../../providers/budget/answer-size.js";
import { type ContextBudget, tokensOfChars } from "../../providers/budget/context-budget.js";
import { DEFAULT_CONTEXT_BUDGET } from "../../providers/budget/context-window.js";
import { viewOwnerOf } from "../api-map/tool-requests.js";
import type { Finding, LintContext, LintRule } from "../rule.js";
import { describeOperation, operationsOf } from "../spec-helpers.js";

const DEFAULT_BUDGET: ContextBudget = { limit: { tokens: DEFAULT_CONTEXT_BUDGET, source: "the default" } };
const number = (value: number) => value.toLocaleString("en");
/**
 * The items a list nothing bounds is judged at: a collection a service easily holds. A list of small
 * items (labels, names) stays under any budget at that count, and is no finding.
 */
const LIST_ITEMS = 1000;

/** Per agent, what its tool definitions cost; per tool, whether its answer can overflow the context. */
export const contextBudget: LintRule = {
  id: "context-budget",
  severity: "warning",
  otherSeverities: ["error"],
  profiles: ["flowise", "standard", "n8n"],
  judgesCalls: true,
  description: "tool definitions or an answer that overflow the model's context",
  docs:
    "Every request an agent's model is sent carries all its tools' definitions (name, description, JSON " +
    "schema), and every answer a tool gives is read into the same context. Definitions over the context " +
    "budget (`--context-budget`, `contextBudget:`, else 128,000 tokens) make every call fail; over half of " +
    "it, they leave little room for the conversation. An answer the spec sizes over what the budget leaves " +
    "fails the call that gets it, and a list answer with no `maxItems`, no page size and no cut grows with " +
    "the service's data: cut it where the platform cuts (Flowise's Max Output Length, n8n's Optimize " +
    "Response, `maxOutputLength` in a tooldeck file), or split the agent's tools.",
  appliesTo: (config): config is ToolConfig => config.kind !== "http",
  check(tool, context) {
    const budget = context.budget ?? DEFAULT_BUDGET;
    const findings = definitionFindings(tool, budget);
    if (tool.config.kind === "request")
      findings.push(...answerFindings(tool as LoadedTool<RequestToolConfig>, context, budget));
    return findings;
  },
};

/** On an agent's first tool: its definitions against the budget (error over it, warning over half). */
function definitionFindings(tool: LoadedTool, budget: ContextBudget): Finding[] {
  const agent = agentOf(tool.source);
  const cost = budget.definitions?.get(agent.id);
  if (!cost || cost.first.config !== tool.config) return [];
  const { tokens: limit, source } = budget.limit;
  if (cost.tokens * 2 <= limit) return [];
  const over = cost.tokens >= limit;
  const share = over ? "over" : "more than half of";
  return [
    {
      severity: over ? "error" : "warning",
      message: `the ${number(cost.tools)} tool definitions of ${agent.label} cost ${cost.estimated ? "about " : ""}${number(cost.tokens)} tokens, ${share} the context budget of ${number(limit)} (${source})${over ? ": every request to its model overflows" : ""}`,
      suggestion: "split the tools between agents, or give this agent only the operations it needs",
    },
  ];
}

/** A request tool's (or an n8n node's call's) answer against what the budget leaves. */
function answerFindings(
  tool: LoadedTool<RequestToolConfig>,
  context: LintContext,
  budget: ContextBudget,
): Finding[] {
  const cut = answerCutOf(tool);
  if (!cut) return [];
  const left = budget.limit.tokens - definitionTokens(tool, budget);
  // Definitions over the budget already fail every request: that one finding says it.
  if (left <= 0) return [];
  for (const operation of operationsOf(tool.config, context)) {
    const size = answerSize(operation, cut.dataField);
    const finding = size && judgeAnswer(operation, size, cut, { left, limit: budget });
    if (finding) return [finding];
  }
  return [];
}

function judgeAnswer(
  operation: IndexedOperation,
  size: AnswerSize,
  cut: AnswerCut,
  { left, limit }: { left: number; limit: ContextBudget },
): Finding | undefined {
  const where = describeOperation(operation);
  const budget = `${number(limit.limit.tokens)} tokens (${limit.limit.source})`;
  if (size.kind === "unbounded" && cut.chars === undefined) {
    const tokens = tokensOfChars(LIST_ITEMS * size.itemChars);
    if (tokens <= limit.limit.tokens) return undefined;
    return {
      message: `the answer of ${where} is a list (${size.where}) with no maxItems and no page size, not cut: ${number(LIST_ITEMS)} of its items (about ${number(size.itemChars)} characters each) are about ${number(tokens)} tokens, over the context budget of ${budget}`,
      suggestion: cut.advice,
    };
  }
  const chars = Math.min(
    cut.chars ?? Number.POSITIVE_INFINITY,
    size.kind === "bounded" ? size.chars : Number.POSITIVE_INFINITY,
  );
  const tokens = tokensOfChars(chars);
  if (tokens * 2 <= limit.limit.tokens && tokens <= left) return undefined;
  const what = cut.chars === chars ? `cut at ${number(chars)} characters` : describeSize(size);
  const over = tokens > left;
  const spent = limit.limit.tokens - left;
  const room =
    spent > 0
      ? `over the ${number(Math.max(left, 0))} tokens the context budget of ${budget} leaves after the agent's tool definitions (${number(spent)})`
      : `over the context budget of ${budget}`;
  return {
    severity: over ? "error" : "warning",
    message: `the answer of ${where} (${what}) is about ${number(tokens)} tokens, ${over ? room : `more than half the context budget of ${budget}`}`,
    suggestion: cut.chars === chars ? "lower the cut" : cut.advice,
  };
}

function describeSize(size: AnswerSize): string {
  if (size.kind !== "bounded" || !size.list)
    return `about ${number(size.kind === "bounded" ? size.chars : 0)} characters`;
  const item = Math.round(size.chars / Math.max(size.list.count, 1));
  return `${number(size.list.count)} items by ${size.list.from}, about ${number(item)} characters each`;
}

/** The agent's definitions' tokens, where counted: what the budget no longer has for answers. */
function definitionTokens(tool: LoadedTool, budget: ContextBudget): number {
  const owner = viewOwnerOf(tool.config) ?? tool;
  return budget.definitions?.get(agentOf(owner.source).id)?.tokens ?? 0;
}

/**
 * How the answer is cut and how to cut it: a request tool's Max Output Length (`maxOutputLength`), or
 * the cut the platform kind of the call's tool says (n8n's Optimize Response). Undefined for a call whose
 * kind says none (a Custom Tool's code decides what it returns), and for an answer cut to nothing, which
 * `output-length` reports.
 */
function answerCutOf(tool: LoadedTool<RequestToolConfig>): AnswerCut | undefined {
  const owner = viewOwnerOf(tool.config);
  if (owner) return platformToolKind(owner.config.kind)?.answerCut?.(owner.config);
  const chars = tool.config.maxOutputLength;
  if (chars !== undefined && chars <= 0) return undefined;
  const platform = platformOf(tool.source.format);
  const advice = platform
    ? `set Max Output Length on the tool in ${platform.label}`
    : "set maxOutputLength in the tool's config";
  return chars === undefined ? { advice } : { chars, advice };
}
