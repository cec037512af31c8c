import type { StructuredToolInterface } from "@langchain/core/tools";
import { createRecordingFetch, FAKE_ORIGIN } from "./fake-endpoint.js";
import { loadProviderPackage } from "./load-provider-package.js";
import { PROVIDER_REPLIES } from "./provider-replies.js";
import { type SentOnce, sendOnce } from "./send-once.js";

type AnthropicPackage = typeof import("@langchain/anthropic");

/** How ChatAnthropic is built and its tools bound for a capture. */
export interface AnthropicCapture {
  model: string;
  /** `bindTools(tools, { strict: true })`: Anthropic's strict tool use. */
  strict: boolean;
  importPackage?: ((name: string) => Promise<unknown>) | undefined;
}

/**
 * The request ChatAnthropic (`@langchain/anthropic`) sends to the Messages API for the tools. The
 * Anthropic SDK takes a `fetch` (`clientOptions.fetch`), so the request never leaves the process.
 */
export async function captureAnthropic(
  tools: readonly StructuredToolInterface[],
  options: AnthropicCapture,
): Promise<SentOnce> {
  const { ChatAnthropic } = await loadProviderPackage<AnthropicPackage>(
    "@langchain/anthropic",
    options.importPackage,
  );
  const recorder = createRecordingFetch(PROVIDER_REPLIES.anthropic);
  const client = new ChatAnthropic({
    apiKey: "sk-ant-tooldeck-capture",
    model: options.model,
    maxRetries: 0,
    clientOptions: { baseURL: FAKE_ORIGIN, fetch: recorder.fetch },
  });
  return sendOnce(
    () => client.bindTools([...tools], options.strict ? { strict: true } : {}),
    recorder.requests,
  );
}
