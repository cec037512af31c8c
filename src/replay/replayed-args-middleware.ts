import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import type { ExecutableTool } from "../runtime/tool-result.js";

/**
 * The conversation as the tools' platform gives it back to the model: a call of a tool whose agent
 * replays other arguments than the model's (`ExecutableTool.replayedArgs`: n8n's Agent 3.x adds the
 * call's id as `id`, over the model's own) shows those in every later turn. The agent's state keeps the
 * model's own arguments, which the call records read. Undefined when no tool replays other arguments.
 */
export function replayedArgsMiddleware(tools: readonly ExecutableTool[]) {
  const replaying = new Map(tools.flatMap((tool) => (tool.replayedArgs ? [[tool.name, tool] as const] : [])));
  if (replaying.size === 0) return undefined;
  return createMiddleware({
    name: "PlatformReplayedArgs",
    wrapModelCall: (request, handler) =>
      handler({ ...request, messages: request.messages.map((message) => replayed(message, replaying)) }),
  });
}

function replayed(message: BaseMessage, replaying: ReadonlyMap<string, ExecutableTool>): BaseMessage {
  if (!AIMessage.isInstance(message) || !message.tool_calls?.some((call) => replaying.has(call.name)))
    return message;
  const toolCalls = message.tool_calls.map((call) => {
    const tool = replaying.get(call.name);
    return tool?.replayedArgs && call.id ? { ...call, args: tool.replayedArgs(call.args, call.id) } : call;
  });
  return new AIMessage({
    content: message.content,
    tool_calls: toolCalls,
    ...(message.id ? { id: message.id } : {}),
    ...(message.name ? { name: message.name } : {}),
    response_metadata: message.response_metadata,
  });
}
