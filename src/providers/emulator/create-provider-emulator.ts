import { createAnthropicEmulator } from "./anthropic-emulator.js";
import { createGeminiEmulator } from "./gemini-emulator.js";
import { createOpenAIEmulator } from "./openai-emulator.js";
import type {
  EmulatedProvider,
  ProviderEmulator,
  ProviderEmulatorOptions,
} from "./provider-emulator-options.js";

/**
 * The emulator of one model provider's tool-calling API: `openai` (Chat Completions and Responses),
 * `anthropic` (Messages) or `gemini` (generateContent).
 * @example
 * const emulator = createProviderEmulator("anthropic", { judge, script: [{ answer: "Done." }] });
 * await serve(emulator.fetch, { port: 0 });
 */
export function createProviderEmulator(
  provider: EmulatedProvider,
  options: ProviderEmulatorOptions,
): ProviderEmulator {
  if (provider === "openai") return createOpenAIEmulator(options);
  if (provider === "anthropic") return createAnthropicEmulator(options);
  return createGeminiEmulator(options);
}
