/**
 * The smallest valid answer of each provider API with no tool call, so a captured client's call
 * completes: the shapes each SDK's parser accepts (OpenAI's `chat.completion` and `response`,
 * Anthropic's `message`, Gemini's `GenerateContentResponse`, Bedrock's `ConverseResponse`).
 */
export const PROVIDER_REPLIES = {
  chatCompletions: {
    id: "chatcmpl-tooldeck",
    object: "chat.completion",
    created: 0,
    model: "tooldeck-capture",
    choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  },
  responses: {
    id: "resp_tooldeck",
    object: "response",
    created_at: 0,
    status: "completed",
    model: "tooldeck-capture",
    output: [
      {
        type: "message",
        id: "msg_tooldeck",
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text: "ok", annotations: [] }],
      },
    ],
    usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
  },
  anthropic: {
    id: "msg_tooldeck",
    type: "message",
    role: "assistant",
    model: "tooldeck-capture",
    content: [{ type: "text", text: "ok" }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  },
  gemini: {
    candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP", index: 0 }],
  },
  bedrock: {
    output: { message: { role: "assistant", content: [{ text: "ok" }] } },
    stopReason: "end_turn",
    usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
    metrics: { latencyMs: 1 },
  },
} as const;
