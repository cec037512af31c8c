import { isPlainObject } from "../../../json/json-value.js";
import type { ProviderId } from "../../../providers/wire-tool.js";

/** Dify's model provider plugins (`langgenius/<plugin>/<provider>`) whose provider tooldeck judges tools for. */
const DIFY_MODEL_PROVIDERS: Readonly<Record<string, ProviderId>> = {
  openai: "openai",
  azure_openai: "openai",
  anthropic: "anthropic",
  gemini: "gemini",
  google: "gemini",
  vertex_ai: "vertex",
  bedrock: "bedrock",
};

/**
 * The provider of an Agent node's model (`agent_parameters.model.value.provider`, reference/dify-tools.md
 * fact 17): `langgenius/openai/openai` and an older export's bare `openai` are OpenAI; a provider
 * tooldeck has no profile for (`deepseek`, `tongyi`) is undefined, so nothing is said of it.
 * @example
 * difyModelProvider({ type: "constant", value: { provider: "langgenius/gemini/google" } }); // "gemini"
 */
export function difyModelProvider(model: unknown): ProviderId | undefined {
  const value = isPlainObject(model) ? model.value : undefined;
  const provider = isPlainObject(value) ? value.provider : undefined;
  if (typeof provider !== "string") return undefined;
  const segments = provider.split("/");
  // `<organisation>/<plugin>/<provider>`: the plugin names the service; a bare name is the provider.
  const names = segments.length === 3 ? [segments[1], segments[2]] : [segments.at(-1)];
  for (const name of names)
    if (name !== undefined && Object.hasOwn(DIFY_MODEL_PROVIDERS, name)) return DIFY_MODEL_PROVIDERS[name];
  return undefined;
}
