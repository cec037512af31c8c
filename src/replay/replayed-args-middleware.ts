import {
  AIMessage,
  type BaseMessage,
  ToolMessage,
  type ToolMessage as ToolMessageType,
} from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import type { ExecutableTool } from "../runtime/tool-result.js";

type ToolCall = NonNullable<AIMessage["tool_calls"]>[number];

/**
 * The conversation as the tools' platform gives it back to the model. When a turn calls a tool whose
 * agent replays its calls its own way (`ExecutableTool.replayedArgs`: n8n's Agent 3.x), each call of the
 * turn is shown as its own assistant message with empty content, followed by its result (parallel calls
 * become consecutive pairs), with the arguments the agent writes back (n8n adds the call's id as `id`,
 * over the model's own). The agent's state keeps the model's own messages, which the call records read.
 * Undefined when no tool replays its calls.
 */
export function replayedArgsMiddleware(tools: readonly ExecutableTool[]) {
  const replaying = new Map(tools.flatMap((tool) => (tool.replayedArgs ? [[tool.name, tool] as const] : [])));
  if (replaying.size === 0) return undefined;
  return createMiddleware({
    name: "PlatformReplayedArgs",
    wrapModelCall: (request, handler) =>
      handler({ ...request, messages: replayConversation(request.messages, replaying) }),
  });
}

function replayConversation(
  messages: readonly BaseMessage[],
  replaying: ReadonlyMap<string, ExecutableTool>,
): BaseMessage[] {
  const results = new Map<string, ToolMessageType>();
  for (const message of messages)
    if (ToolMessage.isInstance(message)) results.set(message.tool_call_id, message);
  const replayed: BaseMessage[] = [];
  const moved = new Set<ToolMessageType>();
  for (const message of messages) {
    if (ToolMessage.isInstance(message) && moved.has(message)) continue;
    const calls = AIMessage.isInstance(message) ? (message.tool_calls ?? []) : [];
    if (!calls.some((call) => replaying.has(call.name))) {
      replayed.push(message);
      continue;
    }
    for (const call of calls) {
      replayed.push(new AIMessage({ content: [], tool_calls: [replayedCall(call, replaying)] }));
      const result = call.id === undefined ? undefined : results.get(call.id);
      if (result) {
        replayed.push(result);
        moved.add(result);
      }
    }
  }
  return replayed;
}

function replayedCall(call: ToolCall, replaying: ReadonlyMap<string, ExecutableTool>): ToolCall {
  const tool = replaying.get(call.name);
  return tool?.replayedArgs && call.id ? { ...call, args: tool.replayedArgs(call.args, call.id) } : call;
}
