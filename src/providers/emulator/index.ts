/** The provider emulators (issue 42, docs/provider-emulators.md): every export, by name. */

export { modelAgainstEmulator } from "./agent-model-emulator.js";
export { createAnthropicEmulator } from "./anthropic-emulator.js";
export { createProviderEmulator } from "./create-provider-emulator.js";
export { defaultJudge } from "./default-judge.js";
export { type EmulatedChatModel, emulatedChatModel, PROVIDER_PACKAGES } from "./emulated-chat-model.js";
export { createGeminiEmulator } from "./gemini-emulator.js";
export { loadModelScript } from "./load-model-script.js";
export { createOpenAIEmulator } from "./openai-emulator.js";
export { providerEmulatorFetch } from "./provider-emulator-fetch.js";
export {
  EMULATED_PROVIDERS,
  type EmulatedProvider,
  type ProviderEmulator,
  type ProviderEmulatorOptions,
  type ProviderJudge,
} from "./provider-emulator-options.js";
export { PROVIDER_ORIGINS } from "./provider-origins.js";
export { PROVIDER_APIS, type ProviderApi, toolsOfRequest } from "./tools-of-request.js";
