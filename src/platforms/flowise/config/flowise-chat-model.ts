import { isPlainObject } from "../../../json/json-value.js";
import type { ProviderId } from "../../../providers/wire-tool.js";

/** Flowise's chat model nodes (and an Agent node's `agentModel`) whose provider tooldeck judges tools for. */
const CHAT_MODEL_PROVIDERS: Readonly<Record<string, ProviderId>> = {
  chatOpenAI: "openai",
  azureChatOpenAI: "openai",
  chatAnthropic: "anthropic",
  chatGoogleGenerativeAI: "gemini",
  chatGoogleVertexAI: "vertex",
  awsChatBedrock: "bedrock",
};

/** The provider of a Flowise chat model node's name (`chatAnthropic` → `anthropic`); none for another model. */
export function flowiseModelProvider(name: unknown): ProviderId | undefined {
  return typeof name === "string" && Object.hasOwn(CHAT_MODEL_PROVIDERS, name)
    ? CHAT_MODEL_PROVIDERS[name]
    : undefined;
}

/**
 * The provider a chatflow's model is from: its chat model node's, when the flow has chat models of one
 * provider only. A flow with another model too (`chatOllama`), or two providers', says nothing certain.
 */
export function chatflowProvider(nodes: readonly unknown[]): ProviderId | undefined {
  const providers = new Set<ProviderId | undefined>();
  for (const node of nodes) {
    const data = isPlainObject(node) ? node.data : undefined;
    if (!isPlainObject(data)) continue;
    const provider = flowiseModelProvider(data.name);
    if (provider !== undefined || data.category === "Chat Models") providers.add(provider);
  }
  const [only] = providers;
  return providers.size === 1 ? only : undefined;
}
