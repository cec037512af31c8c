import type { AIMessage } from "@langchain/core/messages";
import { type Context, Hono } from "hono";
import { isPlainObject } from "../../json/json-value.js";
import { OPENAI_NOT_JSON, openAIErrorOf, openAIErrorResponse } from "./openai-error.js";
import {
  type ChatCompletion,
  chatCompletionChunks,
  type ResponseObject,
  responseEvents,
} from "./openai-stream.js";
import type { ProviderEmulator, ProviderEmulatorOptions } from "./provider-emulator-options.js";
import { readProviderBody } from "./read-provider-body.js";
import { answerId, openAIRequestId } from "./request-id.js";
import { acceptedText, scriptedReply, textOf } from "./scripted-reply.js";
import { sseResponse } from "./sse-response.js";
import { type ProviderApi, toolsOfRequest } from "./tools-of-request.js";

/**
 * OpenAI's tool-calling endpoints, `POST /v1/chat/completions` and `POST /v1/responses`: a request whose
 * tools the judge refuses gets OpenAI's 400 and error body, a valid one the scripted model's turn as a chat
 * completion (`tool_calls`) or a response (`function_call` items), which `ChatOpenAI` parses; with
 * `stream: true`, as the API's server-sent events.
 * @example
 * const openai = createOpenAIEmulator({ judge: () => [] });
 * const model = new ChatOpenAI({ model: "gpt-4o", apiKey: "k", configuration: { baseURL: "http://api.openai.com/v1", fetch: openai.fetch } });
 */
export function createOpenAIEmulator(options: ProviderEmulatorOptions): ProviderEmulator {
  const requestId = options.requestId ?? openAIRequestId;
  const now = options.now ?? (() => new Date());
  const app = new Hono({ strict: false });
  const answer =
    (api: ProviderApi, format: (body: Record<string, unknown>, message: AIMessage) => unknown) =>
    async (c: Context) => {
      const id = requestId();
      const read = await readProviderBody(c);
      if (!read.ok)
        return openAIErrorResponse(read.reason === "too-large" ? 413 : 400, tooLargeOr(read.reason), id);
      const body = read.value;
      const missing = missingField(api, body);
      if (missing) return openAIErrorResponse(400, missing, id);
      const tools = toolsOfRequest(api, body);
      const [refusal] = options.judge(tools);
      if (refusal) return openAIErrorResponse(400, openAIErrorOf(refusal, tools), id);
      const reply = scriptedReply(
        options.script,
        turnsSoFar(api, body),
        acceptedText("openai", tools.length),
      );
      if (!reply.ok)
        return openAIErrorResponse(
          500,
          { message: reply.message, type: "server_error", param: null, code: null },
          id,
        );
      const answered = format({ ...body, created: Math.floor(now().getTime() / 1000) }, reply.message);
      const headers = { "x-request-id": id };
      if (body.stream !== true) return Response.json(answered, { headers });
      return api === "openai-chat"
        ? sseResponse(chatCompletionChunks(answered as ChatCompletion, body), headers, true)
        : sseResponse(responseEvents(answered as ResponseObject), headers);
    };
  app.post("/v1/chat/completions", answer("openai-chat", chatCompletion));
  app.post("/v1/responses", answer("openai-responses", response));
  app.all("*", (c) =>
    openAIErrorResponse(
      404,
      {
        message: `Invalid URL (${c.req.method} ${new URL(c.req.url).pathname})`,
        type: "invalid_request_error",
        param: null,
        code: null,
      },
      requestId(),
    ),
  );
  return { provider: "openai", fetch: async (request) => app.fetch(request) };
}

function tooLargeOr(reason: "too-large" | "not-json") {
  if (reason === "not-json") return OPENAI_NOT_JSON;
  return { message: "Request body too large.", type: "invalid_request_error", param: null, code: null };
}

/** The fields OpenAI answers first when absent, in its words. */
function missingField(api: ProviderApi, body: Record<string, unknown>) {
  if (typeof body.model !== "string" || body.model === "")
    return {
      message: "you must provide a model parameter",
      type: "invalid_request_error",
      param: null,
      code: null,
    };
  if (api === "openai-chat" && !Array.isArray(body.messages))
    return {
      message: "Missing required parameter: 'messages'.",
      type: "invalid_request_error",
      param: "messages",
      code: "missing_required_parameter",
    };
  return undefined;
}

/**
 * The model turns already in the conversation: assistant messages (Chat Completions), or for Responses each
 * run of output items (an assistant message, function calls) between the inputs around them.
 */
function turnsSoFar(api: ProviderApi, body: Record<string, unknown>): number {
  const items = api === "openai-chat" ? body.messages : body.input;
  if (!Array.isArray(items)) return 0;
  let turns = 0;
  let previousOutput = false;
  for (const item of items) {
    const output =
      isPlainObject(item) &&
      (item.role === "assistant" || item.type === "function_call" || item.type === "reasoning");
    if (output && (api === "openai-chat" || !previousOutput)) turns += 1;
    previousOutput = output;
  }
  return turns;
}

function chatCompletion(body: Record<string, unknown>, message: AIMessage) {
  const calls = message.tool_calls ?? [];
  return {
    id: `chatcmpl-${answerId()}`,
    object: "chat.completion",
    created: body.created,
    model: body.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: calls.length > 0 ? null : textOf(message),
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((call) => ({
                  id: call.id,
                  type: "function",
                  function: { name: call.name, arguments: JSON.stringify(call.args) },
                })),
              }
            : {}),
          refusal: null,
        },
        logprobs: null,
        finish_reason: calls.length > 0 ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

function response(body: Record<string, unknown>, message: AIMessage) {
  const calls = message.tool_calls ?? [];
  const output =
    calls.length > 0
      ? calls.map((call) => ({
          type: "function_call",
          id: `fc_${call.id}`,
          call_id: call.id,
          name: call.name,
          arguments: JSON.stringify(call.args),
          status: "completed",
        }))
      : [
          {
            type: "message",
            id: `msg_${answerId()}`,
            status: "completed",
            role: "assistant",
            content: [{ type: "output_text", text: textOf(message), annotations: [] }],
          },
        ];
  return {
    id: `resp_${answerId()}`,
    object: "response",
    created_at: body.created,
    status: "completed",
    error: null,
    incomplete_details: null,
    model: body.model,
    output,
    parallel_tool_calls: true,
    tools: body.tools ?? [],
    usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
  };
}
