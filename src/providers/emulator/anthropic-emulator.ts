import type { AIMessage } from "@langchain/core/messages";
import { Hono } from "hono";
import { isPlainObject } from "../../json/json-value.js";
import { anthropicEvents } from "./anthropic-stream.js";
import type { ProviderEmulator, ProviderEmulatorOptions } from "./provider-emulator-options.js";
import { readProviderBody } from "./read-provider-body.js";
import { answerId, anthropicRequestId } from "./request-id.js";
import { acceptedText, scriptedReply, textOf } from "./scripted-reply.js";
import { sseResponse } from "./sse-response.js";
import { toolsOfRequest } from "./tools-of-request.js";

/**
 * Anthropic's Messages API, `POST /v1/messages`: a request whose tools the judge refuses gets Anthropic's
 * 400 `{"type":"error","error":{"type":"invalid_request_error","message":…},"request_id":…}`, a valid one
 * the scripted model's turn as a message (`tool_use` blocks), which `ChatAnthropic` parses; with
 * `stream: true`, as the API's server-sent events.
 * @example
 * const anthropic = createAnthropicEmulator({ judge: () => [] });
 * const model = new ChatAnthropic({ model: "claude-sonnet-4-5", apiKey: "k", clientOptions: { fetch: anthropic.fetch } });
 */
export function createAnthropicEmulator(options: ProviderEmulatorOptions): ProviderEmulator {
  const requestId = options.requestId ?? anthropicRequestId;
  const app = new Hono({ strict: false });
  app.post("/v1/messages", async (c) => {
    const id = requestId();
    const read = await readProviderBody(c);
    if (!read.ok && read.reason === "too-large")
      return anthropicError(
        413,
        "request_too_large",
        "Request exceeds the maximum allowed number of bytes.",
        id,
      );
    if (!read.ok)
      return anthropicError(
        400,
        "invalid_request_error",
        `The request body is not valid JSON: ${read.detail ?? "nested too deep"}`,
        id,
      );
    const body = read.value;
    // Anthropic validates the body's fields before its tools, and names a missing one pydantic's way.
    const missing = ["model", "max_tokens", "messages"].find((field) => body[field] === undefined);
    if (missing) return anthropicError(400, "invalid_request_error", `${missing}: Field required`, id);
    const tools = toolsOfRequest("anthropic-messages", body);
    const [refusal] = options.judge(tools);
    if (refusal) return anthropicError(400, "invalid_request_error", refusal.message, id);
    const reply = scriptedReply(options.script, turnsSoFar(body), acceptedText("anthropic", tools.length));
    if (!reply.ok) return anthropicError(500, "api_error", reply.message, id);
    const answered = message(body, reply.message);
    const headers = { "request-id": id };
    if (body.stream === true) return sseResponse(anthropicEvents(answered), headers);
    return Response.json(answered, { headers });
  });
  app.all("*", () => anthropicError(404, "not_found_error", "Not Found", requestId()));
  return { provider: "anthropic", fetch: async (request) => app.fetch(request) };
}

/** Anthropic's error answer: compact JSON, the request id in the body and the `request-id` header. */
export function anthropicError(status: number, type: string, message: string, requestId: string): Response {
  const body = { type: "error", error: { type, message }, request_id: requestId };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "request-id": requestId },
  });
}

function turnsSoFar(body: Record<string, unknown>): number {
  if (!Array.isArray(body.messages)) return 0;
  return body.messages.filter((item) => isPlainObject(item) && item.role === "assistant").length;
}

function message(body: Record<string, unknown>, reply: AIMessage) {
  const calls = reply.tool_calls ?? [];
  const content =
    calls.length > 0
      ? calls.map((call) => ({ type: "tool_use", id: call.id, name: call.name, input: call.args }))
      : [{ type: "text", text: textOf(reply) }];
  return {
    id: `msg_${answerId()}`,
    type: "message",
    role: "assistant",
    model: body.model,
    content,
    stop_reason: calls.length > 0 ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 0, output_tokens: 0 },
  };
}
