import type { EmulatedProvider } from "./provider-emulator-options.js";

/** What `serve --provider` says once listening: the endpoints, and how to point the provider's client at them. */
export function providerServeLines(provider: EmulatedProvider, url: string): string[] {
  if (provider === "openai")
    return [
      `OpenAI emulator listening on ${url}/v1 (POST ${url}/v1/chat/completions, POST ${url}/v1/responses)`,
      `Point a client at it: OPENAI_BASE_URL=${url}/v1 with any OPENAI_API_KEY`,
    ];
  if (provider === "anthropic")
    return [
      `Anthropic emulator listening on ${url} (POST ${url}/v1/messages)`,
      `Point a client at it: ANTHROPIC_BASE_URL=${url} with any ANTHROPIC_API_KEY`,
    ];
  return [
    `Gemini emulator listening on ${url} (POST ${url}/v1beta/models/{model}:generateContent)`,
    `Point a client at it: GOOGLE_GEMINI_BASE_URL=${url} with any GOOGLE_API_KEY`,
  ];
}
