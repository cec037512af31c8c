import type { SseEvent } from "./sse-response.js";

/** The message the emulator answers, as far as its stream needs it. */
export interface AnthropicMessage {
  content: Array<{ type: string; text?: string; id?: string | undefined; name?: string; input?: unknown }>;
  stop_reason: string;
  [field: string]: unknown;
}

/**
 * A message as the Messages API streams it: `message_start` (no content yet), each block started, given
 * whole as one delta (`text_delta`, or the tool input as one `input_json_delta`) and stopped, then
 * `message_delta` with the stop reason and `message_stop`.
 */
export function anthropicEvents(message: AnthropicMessage): SseEvent[] {
  const events: Array<Record<string, unknown>> = [
    { type: "message_start", message: { ...message, content: [], stop_reason: null } },
  ];
  message.content.forEach((block, index) => {
    const isText = block.type === "text";
    const start = isText ? { type: "text", text: "" } : { ...block, input: {} };
    const delta = isText
      ? { type: "text_delta", text: block.text ?? "" }
      : { type: "input_json_delta", partial_json: JSON.stringify(block.input ?? {}) };
    events.push({ type: "content_block_start", index, content_block: start });
    events.push({ type: "content_block_delta", index, delta });
    events.push({ type: "content_block_stop", index });
  });
  events.push({
    type: "message_delta",
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: 0 },
  });
  events.push({ type: "message_stop" });
  return events.map((data) => ({ event: data.type as string, data }));
}
