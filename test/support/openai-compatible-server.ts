import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted reply: tool calls, or a final text. */
export type ScriptedReply =
  | { toolCalls: { name: string; args: unknown }[] }
  | { content: string }
  | { status: number; error: string };

export interface ChatRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: unknown; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description?: string; parameters: unknown } }[];
  };
}

/**
 * A tiny OpenAI-compatible chat-completions endpoint on loopback (port 0) that answers with the scripted
 * replies in order (JSON, or server-sent events when the client streams), and records every request.
 */
export async function startOpenAiCompatibleServer(replies: ScriptedReply[]) {
  const requests: ChatRequest[] = [];
  const server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as ChatRequest["body"];
    requests.push({ path: request.url ?? "", authorization: request.headers.authorization, body });
    const reply = replies[requests.length - 1] ?? { content: "(script exhausted)" };
    if ("error" in reply) {
      response.writeHead(reply.status, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: reply.error, type: "invalid_request_error" } }));
      return;
    }
    const message = toMessage(reply, requests.length);
    if (body.stream) {
      response.writeHead(200, { "content-type": "text/event-stream" });
      const delta = {
        ...message,
        tool_calls: message.tool_calls?.map((call, index) => ({ index, ...call })),
      };
      response.write(`data: ${JSON.stringify(chunk(body.model, { delta, finish_reason: null }))}\n\n`);
      response.write(
        `data: ${JSON.stringify(chunk(body.model, { delta: {}, finish_reason: finish(reply) }))}\n\n`,
      );
      response.end("data: [DONE]\n\n");
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: "chat.completion",
        created: 0,
        model: body.model,
        choices: [{ index: 0, message, finish_reason: finish(reply) }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type ChatReply = Exclude<ScriptedReply, { error: string }>;

function toMessage(reply: ChatReply, turn: number) {
  if ("content" in reply) return { role: "assistant", content: reply.content, tool_calls: undefined };
  return {
    role: "assistant",
    content: null,
    tool_calls: reply.toolCalls.map((call, index) => ({
      id: `call_${turn}_${index + 1}`,
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    })),
  };
}

function finish(reply: ChatReply): string {
  return "content" in reply ? "stop" : "tool_calls";
}

function chunk(model: string, choice: Record<string, unknown>) {
  return {
    id: "chatcmpl-s",
    object: "chat.completion.chunk",
    created: 0,
    model,
    choices: [{ index: 0, ...choice }],
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}
