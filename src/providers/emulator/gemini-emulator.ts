import type { AIMessage } from "@langchain/core/messages";
import { Hono } from "hono";
import { isPlainObject } from "../../json/json-value.js";
import type { ProviderViolation } from "../wire-tool.js";
import type { ProviderEmulator, ProviderEmulatorOptions } from "./provider-emulator-options.js";
import { readProviderBody } from "./read-provider-body.js";
import { acceptedText, scriptedReply, textOf } from "./scripted-reply.js";
import { sseResponse } from "./sse-response.js";
import { toolsOfRequest } from "./tools-of-request.js";

/** `/v1beta/models/gemini-2.5-flash:generateContent` (and `/v1/…`): the model and the method. */
const ROUTE = /^\/v1(?:beta)?\/models\/([^/:]+):([A-Za-z]+)$/;

/**
 * The Gemini API's `POST /v1beta/models/{model}:generateContent`: a request whose tools the judge refuses
 * gets Gemini's 400 `{"error":{"code":400,"message":…,"status":"INVALID_ARGUMENT"}}`, a valid one the
 * scripted model's turn as a candidate (`functionCall` parts), which `ChatGoogleGenerativeAI` parses;
 * `:streamGenerateContent` (`?alt=sse`) streams the same.
 * @example
 * const gemini = createGeminiEmulator({ judge: () => [] });
 * const server = await serve(gemini.fetch); // new ChatGoogleGenerativeAI({ baseUrl: server.url, … })
 */
export function createGeminiEmulator(options: ProviderEmulatorOptions): ProviderEmulator {
  const app = new Hono({ strict: false });
  app.post("*", async (c) => {
    const route = ROUTE.exec(new URL(c.req.url).pathname);
    if (route?.[2] !== "generateContent" && route?.[2] !== "streamGenerateContent")
      return notFound(c.req.method, new URL(c.req.url).pathname);
    const read = await readProviderBody(c);
    if (!read.ok && read.reason === "too-large")
      return geminiError(413, "Request payload size exceeds the limit: 20971520 bytes.", "INVALID_ARGUMENT");
    if (!read.ok)
      return geminiError(
        400,
        `Invalid JSON payload received. ${read.detail ?? "Nested too deep."}`,
        "INVALID_ARGUMENT",
      );
    const body = read.value;
    if (!Array.isArray(body.contents) || body.contents.length === 0)
      return geminiError(
        400,
        "* GenerateContentRequest.contents: contents is not specified\n",
        "INVALID_ARGUMENT",
      );
    const tools = toolsOfRequest("gemini-generate-content", body);
    const refused = options.judge(tools);
    if (refused.length > 0) return refusal(refused);
    const reply = scriptedReply(options.script, turnsSoFar(body), acceptedText("gemini", tools.length));
    if (!reply.ok) return geminiError(500, reply.message, "INTERNAL");
    const answered = candidate(route[1] as string, reply.message);
    // `:streamGenerateContent?alt=sse` streams the response as events (one, whole); without `alt=sse`, as a JSON array.
    if (route[2] === "generateContent") return Response.json(answered);
    return c.req.query("alt") === "sse" ? sseResponse([{ data: answered }]) : Response.json([answered]);
  });
  app.all("*", (c) => notFound(c.req.method, new URL(c.req.url).pathname));
  return { provider: "gemini", fetch: async (request) => app.fetch(request) };
}

/**
 * Gemini reports every violation at once. Those of its proto parser (`Invalid JSON payload received.
 * Unknown name "additionalProperties" at '…': Cannot find field.`) come alone, joined by newlines, each a
 * field violation in `details` (promptfoo #6902, zed #44875); the schema checks after it are `* …\n` lines.
 */
function refusal(violations: readonly ProviderViolation[]): Response {
  const parsing = violations.filter((violation) =>
    violation.message.startsWith("Invalid JSON payload received."),
  );
  if (parsing.length === 0)
    return geminiError(
      400,
      violations.map((v) => (v.message.endsWith("\n") ? v.message : `${v.message}\n`)).join(""),
      "INVALID_ARGUMENT",
    );
  const details = [
    {
      "@type": "type.googleapis.com/google.rpc.BadRequest",
      fieldViolations: parsing.map((violation) => ({
        field: fieldOf(violation),
        description: violation.message,
      })),
    },
  ];
  return geminiError(
    400,
    parsing.map((violation) => violation.message).join("\n"),
    "INVALID_ARGUMENT",
    details,
  );
}

/** The field a parser violation names (`… at 'tools[0].function_declarations[0].parameters': …`). */
function fieldOf(violation: ProviderViolation): string {
  return / at '([^']*)'/.exec(violation.message)?.[1] ?? violation.path;
}

/** Gemini's error answer, pretty-printed as Google's APIs send it. */
export function geminiError(code: number, message: string, status: string, details?: unknown[]): Response {
  const error = { code, message, status, ...(details ? { details } : {}) };
  return new Response(JSON.stringify({ error }, null, 2), {
    status: code,
    headers: { "content-type": "application/json; charset=UTF-8" },
  });
}

function notFound(method: string, path: string): Response {
  return geminiError(404, `The requested URL ${path} was not found on this server (${method}).`, "NOT_FOUND");
}

function turnsSoFar(body: Record<string, unknown>): number {
  if (!Array.isArray(body.contents)) return 0;
  return body.contents.filter((item) => isPlainObject(item) && item.role === "model").length;
}

function candidate(model: string, reply: AIMessage) {
  const calls = reply.tool_calls ?? [];
  const parts =
    calls.length > 0
      ? calls.map((call) => ({ functionCall: { name: call.name, args: call.args } }))
      : [{ text: textOf(reply) }];
  return {
    candidates: [{ content: { parts, role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 },
    modelVersion: model,
  };
}
