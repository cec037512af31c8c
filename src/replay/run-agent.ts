import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { createAgent } from "langchain";
import { type ToolArtifact, toLangChainTools } from "../runtime/langchain/to-langchain-tools.js";
import { RunEndingFailure } from "../runtime/run-ending-failure.js";
import type { ExecutableTool } from "../runtime/tool-result.js";
import { agentLoopMiddleware, agentLoopOf, platformAnswer } from "./agent-loop-middleware.js";
import type { CallRecord } from "./call-record.js";
import { replayedArgsMiddleware } from "./replayed-args-middleware.js";
import { RunEnding } from "./run-ending.js";
import { stateDigest } from "./state-digest.js";

/** The model, tools, prompt and messages of an agent run, and the emulator state it reads. */
export interface AgentRunOptions {
  model: BaseChatModel;
  tools: readonly ExecutableTool[];
  /** The system prompt, variables already resolved. */
  system?: string;
  /** User messages, sent one after another in one conversation. */
  messages: readonly string[];
  /** The emulator's state, read after each call for its digest. */
  snapshot: () => unknown;
  signal?: AbortSignal;
  /** Model turns allowed per user message before LangGraph stops the loop. Default 25. */
  recursionLimit?: number;
}

/** What an agent run did: every tool call, the answer, the messages. */
export interface AgentRun {
  calls: CallRecord[];
  /** The text of the last AI message. */
  answer: string;
  messages: BaseMessage[];
}

/**
 * Runs a real `createAgent` loop over the tools and returns every tool call the model made, in order,
 * with the exchange behind it and the emulator's state digest right after it. Where the platform's agent
 * ends its run (a tool's `setupFailure` before the first model call, a result that `endsRun`), the run
 * rejects with a `RunEndingFailure` carrying the platform's error.
 * @example
 * const run = await runAgent({ model: fakeModel().respond(new AIMessage("hi")), tools, messages: ["hello"], snapshot });
 */
export async function runAgent(options: AgentRunOptions): Promise<AgentRun> {
  const failing = options.tools.find((tool) => tool.setupFailure !== undefined);
  if (failing?.setupFailure !== undefined) throw new RunEndingFailure(failing.setupFailure);
  const digests = new Map<string, string>();
  const ending = new RunEnding();
  const tools = options.tools.map((tool) => ending.watch(withDigest(tool, digests, options.snapshot)));
  // The platform's loop first, so that it sees the model's own messages; then its replay of them.
  const middleware = [agentLoopMiddleware(options.tools), replayedArgsMiddleware(options.tools)].filter(
    (entry) => entry !== undefined,
  );
  // A platform that ends the run (`ending`) aborts it before the model is asked again.
  const signal = options.signal ? AbortSignal.any([options.signal, ending.signal]) : ending.signal;
  const agent = createAgent({
    model: options.model,
    tools: toLangChainTools(tools),
    ...(options.system ? { systemPrompt: options.system } : {}),
    ...(middleware.length > 0 ? { middleware } : {}),
  });
  const initial = stateDigest(options.snapshot());
  let history: BaseMessage[] = [];
  for (const message of options.messages) {
    const state = await agent
      .invoke(
        { messages: [...history, new HumanMessage(message)] },
        {
          recursionLimit: options.recursionLimit ?? 25,
          signal,
        },
      )
      .catch((error: unknown) => {
        throw ending.failure ?? error;
      });
    history = state.messages;
  }
  const last = history.at(-1);
  const answer = platformAnswer(history, agentLoopOf(options.tools));
  return {
    calls: toCallRecords(history, digests, initial),
    answer: answer ?? (last && AIMessage.isInstance(last) ? last.text : ""),
    messages: history,
  };
}

function withDigest(
  tool: ExecutableTool,
  digests: Map<string, string>,
  snapshot: () => unknown,
): ExecutableTool {
  return {
    ...tool,
    async invoke(args, options) {
      const result = await tool.invoke(args, options);
      if (options?.toolCallId) digests.set(options.toolCallId, stateDigest(snapshot()));
      return result;
    },
  };
}

/** Pairs each tool call of the AI messages with its ToolMessage. A call that never ran (its arguments failed LangChain's check) left the state as it was. */
function toCallRecords(messages: BaseMessage[], digests: Map<string, string>, initial: string): CallRecord[] {
  const replies = new Map<string, ToolMessage>();
  for (const message of messages)
    if (ToolMessage.isInstance(message)) replies.set(message.tool_call_id, message);
  const calls: CallRecord[] = [];
  let digest = initial;
  for (const message of messages) {
    if (!AIMessage.isInstance(message)) continue;
    for (const call of message.tool_calls ?? []) {
      const reply = call.id ? replies.get(call.id) : undefined;
      digest = (call.id && digests.get(call.id)) || digest;
      calls.push(toCallRecord(call.name, call.args, reply, digest));
    }
  }
  return calls;
}

/** A call as the LLM saw it, from its ToolMessage (content, status, and the exchange as artifact). */
export function toCallRecord(
  tool: string,
  args: unknown,
  reply: ToolMessage | undefined,
  digest: string,
): CallRecord {
  const artifact = (reply?.artifact ?? {}) as Partial<ToolArtifact>;
  const record: CallRecord = {
    source: "agent",
    tool,
    args,
    ok: reply !== undefined && reply.status !== "error",
    output: reply ? reply.text : "(no tool message)",
    stateDigest: digest,
  };
  if (artifact.request) record.request = artifact.request;
  if (artifact.response) record.response = artifact.response;
  return record;
}
