import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { type RunningServer, serve } from "../../emulator/serve.js";
import { ToolDeckError } from "../../errors.js";
import { createProviderEmulator } from "./create-provider-emulator.js";
import { providerEmulatorFetch } from "./provider-emulator-fetch.js";
import type { EmulatedProvider, ProviderEmulatorOptions } from "./provider-emulator-options.js";
import { PROVIDER_ORIGINS } from "./provider-origins.js";

/** A real LangChain provider class talking to the provider's emulator, and how to stop the emulator. */
export interface EmulatedChatModel {
  model: BaseChatModel;
  close(): Promise<void>;
}

/** The package of each provider's LangChain class (optional dependencies). */
export const PROVIDER_PACKAGES: Readonly<Record<EmulatedProvider, string>> = {
  openai: "@langchain/openai",
  anthropic: "@langchain/anthropic",
  gemini: "@langchain/google-genai",
};

/** The emulators take any key: the class only needs one to send. */
const EMULATOR_KEY = "tooldeck-provider-emulator";

/**
 * The provider's own LangChain class (`ChatOpenAI`, `ChatAnthropic`, `ChatGoogleGenerativeAI`) for `model`,
 * pointed at the provider's emulator: the request it sends is the one the provider would get, judged by
 * `options.judge`, and a refusal surfaces as the class's own error. OpenAI and Anthropic are answered
 * in-process through the class's `fetch` option; Google's SDK takes no `fetch`, so the Gemini emulator
 * listens on a free loopback port until `close()`. No retries: the emulator answers the same every time.
 * @example
 * const { model, close } = await emulatedChatModel("anthropic", "claude-sonnet-4-5", { judge });
 */
export async function emulatedChatModel(
  provider: EmulatedProvider,
  model: string,
  options: ProviderEmulatorOptions,
): Promise<EmulatedChatModel> {
  const emulator = createProviderEmulator(provider, options);
  const fields = { model, apiKey: EMULATOR_KEY, maxRetries: 0 };
  if (provider === "openai") {
    const { ChatOpenAI } = await load<typeof import("@langchain/openai")>(provider);
    const configuration = {
      baseURL: `${PROVIDER_ORIGINS.openai}/v1`,
      fetch: providerEmulatorFetch(emulator),
    };
    return { model: new ChatOpenAI({ ...fields, configuration }), close: async () => {} };
  }
  if (provider === "anthropic") {
    const { ChatAnthropic } = await load<typeof import("@langchain/anthropic")>(provider);
    const clientOptions = { fetch: providerEmulatorFetch(emulator) };
    const chat = new ChatAnthropic({ ...fields, anthropicApiUrl: PROVIDER_ORIGINS.anthropic, clientOptions });
    return { model: chat, close: async () => {} };
  }
  const { ChatGoogleGenerativeAI } = await load<typeof import("@langchain/google-genai")>(provider);
  const server: RunningServer = await serve(emulator.fetch, { port: 0, host: "127.0.0.1" });
  return {
    model: new ChatGoogleGenerativeAI({ ...fields, baseUrl: server.url }),
    close: () => server.close(),
  };
}

async function load<T>(provider: EmulatedProvider): Promise<T> {
  const name = PROVIDER_PACKAGES[provider];
  try {
    return (await import(name)) as T;
  } catch (cause) {
    throw new ToolDeckError("usage", `the ${provider} emulator's model needs ${name}: npm install ${name}`, {
      cause,
    });
  }
}
