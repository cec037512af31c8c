import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import type { AgentLoopRules, ExecutableTool } from "../runtime/tool-result.js";

/**
 * The agent loop as the tools' platform runs it (`ExecutableTool.agentLoop`: n8n's Agent 3.x, Dify's
 * function-calling strategy), around LangChain's: each model call of a user message counts against
 * `maxIterations`; a call of a tool the agent does not have is dropped (the model asked again with the
 * same messages) or answered with the platform's text; a tool call whose arguments are not JSON ends the
 * run; where the platform says so, the last allowed call's tools are refused and the run ends there, and
 * one answer's calls run in order. Undefined when no tool has such rules.
 */
export function agentLoopMiddleware(tools: readonly ExecutableTool[]) {
  const rules = agentLoopOf(tools);
  if (!rules) return undefined;
  const known = new Set(tools.map((tool) => tool.name));
  let queue: Promise<unknown> = Promise.resolve();
  return createMiddleware({
    name: "PlatformAgentLoop",
    beforeModel: {
      canJumpTo: ["end"],
      // One allowed call whose tools ran: the platform ends the run without asking the model again.
      hook: (state) =>
        rules.oneRoundAnswersWithResults &&
        rules.maxIterations === 1 &&
        modelCallsSinceUser(state.messages) >= 1
          ? { jumpTo: "end" }
          : undefined,
    },
    wrapModelCall: async (request, handler) => {
      let iterations = modelCallsSinceUser(request.state.messages);
      for (;;) {
        if (iterations >= rules.maxIterations) throw new Error(rules.maxIterationsMessage);
        iterations++;
        const answer = followed(await handler(request), rules, known);
        if (answer) return answer;
      }
    },
    afterModel: {
      canJumpTo: ["end"],
      hook: (state) => lastRoundRefusals(state.messages, rules),
    },
    wrapToolCall: async (request, handler) => {
      const { toolCall } = request;
      if (!known.has(toolCall.name) && rules.unknownToolMessage)
        return new ToolMessage({
          content: rules.unknownToolMessage(toolCall.name),
          tool_call_id: toolCall.id ?? "",
          name: toolCall.name,
        });
      if (!rules.runsCallsInOrder) return handler(request);
      // Each call waits for the one before it: LangChain starts them all at once.
      const result = queue.then(() => handler(request));
      queue = result.catch(() => undefined);
      return result;
    },
  });
}

/** The loop rules of an agent's tools: the first tool's that has any. */
export function agentLoopOf(tools: readonly ExecutableTool[]): AgentLoopRules | undefined {
  return tools.find((tool) => tool.agentLoop)?.agentLoop;
}

/**
 * The run's answer where the platform's loop ends it after tools (Dify): the refused last call's text,
 * or with one allowed call, its text, a line break and the results; undefined where the answer is the
 * last model message's, as in LangChain's loop.
 */
export function platformAnswer(
  messages: readonly BaseMessage[],
  rules: AgentLoopRules | undefined,
): string | undefined {
  const last = messages.at(-1);
  if (!rules || !last || !ToolMessage.isInstance(last)) return undefined;
  const call = messages.findLastIndex((message) => AIMessage.isInstance(message));
  const round = messages[call] as AIMessage | undefined;
  if (!round) return undefined;
  if (rules.oneRoundAnswersWithResults && rules.maxIterations === 1) {
    const results = messages.slice(call + 1).filter((message) => ToolMessage.isInstance(message));
    return `${round.text}\n${results.map((message) => message.text).join("")}`;
  }
  return rules.lastRoundRefusal ? round.text : undefined;
}

/** The model's answer as the platform takes it; undefined when it asks the model again. */
function followed(
  answer: AIMessage,
  rules: AgentLoopRules,
  known: ReadonlySet<string>,
): AIMessage | undefined {
  const invalid = answer.invalid_tool_calls?.[0];
  if (invalid) throw new Error(rules.invalidArgumentsMessage(invalid.args ?? ""));
  const calls = answer.tool_calls ?? [];
  if (!rules.dropsUnknownTools) return answer;
  const kept = calls.filter((call) => known.has(call.name));
  if (kept.length === calls.length) return answer;
  if (kept.length === 0) return undefined;
  return new AIMessage({
    content: answer.content,
    tool_calls: kept,
    ...(answer.id ? { id: answer.id } : {}),
  });
}

/**
 * On the platform's last allowed call (of more than one), its tool calls answered with the refusal
 * instead of run, and the run ended (Dify, reference fact 89); undefined otherwise.
 */
function lastRoundRefusals(messages: readonly BaseMessage[], rules: AgentLoopRules) {
  const last = messages.at(-1);
  if (!rules.lastRoundRefusal || rules.maxIterations <= 1 || !last || !AIMessage.isInstance(last))
    return undefined;
  const calls = last.tool_calls ?? [];
  if (calls.length === 0 || modelCallsSinceUser(messages) < rules.maxIterations) return undefined;
  const refusal = rules.lastRoundRefusal;
  return {
    messages: calls.map(
      (call) =>
        new ToolMessage({ content: refusal(call.name), tool_call_id: call.id ?? "", name: call.name }),
    ),
    jumpTo: "end" as const,
  };
}

/** The model calls made since the last user message: one AI message each. */
function modelCallsSinceUser(messages: readonly BaseMessage[]): number {
  let count = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (HumanMessage.isInstance(message)) break;
    if (AIMessage.isInstance(message)) count++;
  }
  return count;
}
