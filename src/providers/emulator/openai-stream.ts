import type { SseEvent } from "./sse-response.js";

/** The chat completion the emulator answers, as far as its stream needs it. */
export interface ChatCompletion {
  id: string;
  created: unknown;
  model: unknown;
  choices: Array<{
    message: {
      content: string | null;
      tool_calls?: Array<{ id?: string; function: { name: string; arguments: string } }>;
    };
    finish_reason: string;
  }>;
  usage: unknown;
}

/** The response the emulator answers, as far as its stream needs it. */
export interface ResponseObject {
  output: Array<Record<string, unknown>>;
}

/**
 * A chat completion as Chat Completions streams it: a chunk with the role and the whole content or tool calls,
 * one with the finish reason, and (as `stream_options.include_usage` asks, which ChatOpenAI sends) the usage.
 */
export function chatCompletionChunks(completion: ChatCompletion, body: Record<string, unknown>): SseEvent[] {
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    data: {
      id: completion.id,
      object: "chat.completion.chunk",
      created: completion.created,
      model: completion.model,
      choices,
      ...extra,
    },
  });
  const [choice] = completion.choices;
  const calls = choice?.message.tool_calls;
  const delta = calls
    ? { role: "assistant", content: null, tool_calls: calls.map((call, index) => ({ index, ...call })) }
    : { role: "assistant", content: choice?.message.content ?? "" };
  const events = [
    chunk([{ index: 0, delta, logprobs: null, finish_reason: null }]),
    chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: choice?.finish_reason ?? "stop" }]),
  ];
  const options = body.stream_options as { include_usage?: unknown } | undefined;
  if (options?.include_usage === true) events.push(chunk([], { usage: completion.usage }));
  return events;
}

/**
 * A response as the Responses API streams it: `response.created`, each output item added (a function call
 * whole, a message with its text as one delta) and done, then `response.completed` with the response.
 */
export function responseEvents(response: ResponseObject): SseEvent[] {
  const events: Array<Record<string, unknown>> = [
    { type: "response.created", response: { ...response, status: "in_progress", output: [] } },
  ];
  response.output.forEach((item, index) => {
    events.push({ type: "response.output_item.added", output_index: index, item });
    if (item.type === "message") {
      const [part] = item.content as Array<{ text: string }>;
      events.push({
        type: "response.output_text.delta",
        item_id: item.id,
        output_index: index,
        content_index: 0,
        delta: part?.text ?? "",
      });
    }
    events.push({ type: "response.output_item.done", output_index: index, item });
  });
  events.push({ type: "response.completed", response });
  return events.map((event, sequence) => ({
    event: event.type as string,
    data: { ...event, sequence_number: sequence },
  }));
}
