import type { StructuredToolInterface } from "@langchain/core/tools";
import { createRecordingFetch, FAKE_ORIGIN } from "./fake-endpoint.js";
import { loadProviderPackage } from "./load-provider-package.js";
import { PROVIDER_REPLIES } from "./provider-replies.js";
import { type SentOnce, sendOnce } from "./send-once.js";

type OpenAIPackage = typeof import("@langchain/openai");

/** How ChatOpenAI is built and its tools bound for a capture. */
export interface OpenAICapture {
  model: string;
  /** `bindTools(tools, { strict: true })`, as an agent asking for OpenAI's strict mode does. */
  strict: boolean;
  api: "chat-completions" | "responses";
  importPackage?: ((name: string) => Promise<unknown>) | undefined;
}

/**
 * The request ChatOpenAI (`@langchain/openai`) sends for the tools: to Chat Completions, or to the
 * Responses API with `useResponsesApi`. The OpenAI SDK takes a `fetch`, so the request never leaves
 * the process.
 */
export async function captureOpenAI(
  tools: readonly StructuredToolInterface[],
  options: OpenAICapture,
): Promise<SentOnce> {
  const { ChatOpenAI } = await loadProviderPackage<OpenAIPackage>("@langchain/openai", options.importPackage);
  const responses = options.api === "responses";
  const recorder = createRecordingFetch(
    responses ? PROVIDER_REPLIES.responses : PROVIDER_REPLIES.chatCompletions,
  );
  const client = new ChatOpenAI({
    apiKey: "sk-tooldeck-capture",
    model: options.model,
    maxRetries: 0,
    useResponsesApi: responses,
    configuration: { baseURL: `${FAKE_ORIGIN}/v1`, fetch: recorder.fetch },
  });
  return sendOnce(
    () => client.bindTools([...tools], options.strict ? { strict: true } : {}),
    recorder.requests,
  );
}
