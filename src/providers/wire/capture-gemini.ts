import type { StructuredToolInterface } from "@langchain/core/tools";
import { loadProviderPackage } from "./load-provider-package.js";
import { startLoopbackRecorder } from "./loopback-recorder.js";
import { PROVIDER_REPLIES } from "./provider-replies.js";
import { type SentOnce, sendOnce } from "./send-once.js";

type GoogleGenAIPackage = typeof import("@langchain/google-genai");

/** How ChatGoogleGenerativeAI is built for a capture. */
export interface GeminiCapture {
  model: string;
  importPackage?: ((name: string) => Promise<unknown>) | undefined;
}

/**
 * The request ChatGoogleGenerativeAI (`@langchain/google-genai`) sends to the Gemini API's
 * `generateContent` for the tools. Google's SDK calls the global fetch and takes no other, so the
 * client's `baseUrl` is a server on 127.0.0.1 that lives for this one call.
 */
export async function captureGemini(
  tools: readonly StructuredToolInterface[],
  options: GeminiCapture,
): Promise<SentOnce> {
  const { ChatGoogleGenerativeAI } = await loadProviderPackage<GoogleGenAIPackage>(
    "@langchain/google-genai",
    options.importPackage,
  );
  const recorder = await startLoopbackRecorder(PROVIDER_REPLIES.gemini);
  try {
    const client = new ChatGoogleGenerativeAI({
      apiKey: "tooldeck-capture",
      model: options.model,
      maxRetries: 0,
      baseUrl: recorder.origin,
    });
    return await sendOnce(() => client.bindTools([...tools]), recorder.requests);
  } finally {
    await recorder.close();
  }
}
