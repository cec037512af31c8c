import { AIMessage, type BaseMessage, HumanMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import type { AgentLoopRules, ExecutableTool } from "../runtime/tool-result.js";

/**
 * The agent loop as the tools' platform runs it (`ExecutableTool.agentLoop`: n8n's Agent 3.x), around
 * LangChain's: each model call of a user message counts against `maxIterations`; a call of a tool the
 * agent does not have is dropped, and when no call is left the model is asked again with the same
 * messages; a tool call whose arguments are not JSON ends the run. Undefined when no tool has such rules.
 */
export function agentLoopMiddleware(tools: readonly ExecutableTool[]) {
  const rules = tools.find((tool) => tool.agentLoop)?.agentLoop;
  if (!rules) return undefined;
  const known = new Set(tools.map((tool) => tool.name));
  return createMiddleware({
    name: "PlatformAgentLoop",
    wrapModelCall: async (request, handler) => {
      let iterations = modelCallsSinceUser(request.state.messages);
      for (;;) {
        if (iterations >= rules.maxIterations) throw new Error(rules.maxIterationsMessage);
        iterations++;
        const answer = followed(await handler(request), rules, known);
        if (answer) return answer;
      }
    },
  });
}

/** The model's answer as the platform takes it; undefined when it asks the model again. */
function followed(
  answer: AIMessage,
  rules: AgentLoopRules,
  known: ReadonlySet<string>,
): AIMessage | undefined {
  if ((answer.invalid_tool_calls ?? []).length > 0) throw new Error(rules.invalidArgumentsMessage);
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
