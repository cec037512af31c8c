import type { EmulatedProvider } from "./provider-emulator-options.js";

/** Where each provider's API lives: the origin its LangChain class calls by default. */
export const PROVIDER_ORIGINS: Readonly<Record<EmulatedProvider, string>> = {
  openai: "https://api.openai.com",
  anthropic: "https://api.anthropic.com",
  gemini: "https://generativelanguage.googleapis.com",
};
