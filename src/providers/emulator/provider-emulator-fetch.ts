import { createEmulatorFetch } from "../../emulator/emulator-fetch.js";
import type { FetchLike } from "../../net/fetch-like.js";
import type { ProviderEmulator } from "./provider-emulator-options.js";
import { PROVIDER_ORIGINS } from "./provider-origins.js";

/**
 * A `fetch` that answers the provider's own origin (`https://api.openai.com`) from its emulator, in-process,
 * and refuses every other URL: a model client handed it reaches the emulator and nothing else.
 * @example
 * const fetch = providerEmulatorFetch(createOpenAIEmulator({ judge }));
 * new ChatOpenAI({ model: "gpt-4o", apiKey: "k", configuration: { fetch } });
 */
export function providerEmulatorFetch(emulator: ProviderEmulator): FetchLike {
  const origin = PROVIDER_ORIGINS[emulator.provider];
  const elsewhere: FetchLike = async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    throw new TypeError(`the ${emulator.provider} emulator answers ${origin} only, not ${url}`);
  };
  return createEmulatorFetch({ [origin]: emulator.fetch }, elsewhere).fetch;
}
