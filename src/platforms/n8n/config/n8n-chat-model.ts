import { isPlainObject } from "../../../json/json-value.js";
import type { ProviderId } from "../../../providers/wire-tool.js";

/** n8n's chat model nodes whose provider tooldeck judges tools for. */
const CHAT_MODEL_PROVIDERS: Readonly<Record<string, ProviderId>> = {
  "@n8n/n8n-nodes-langchain.lmChatOpenAi": "openai",
  "@n8n/n8n-nodes-langchain.lmChatAzureOpenAi": "openai",
  "@n8n/n8n-nodes-langchain.lmChatAnthropic": "anthropic",
  "@n8n/n8n-nodes-langchain.lmChatGoogleGemini": "gemini",
  "@n8n/n8n-nodes-langchain.lmChatGoogleVertex": "vertex",
  "@n8n/n8n-nodes-langchain.lmChatAwsBedrock": "bedrock",
};

/**
 * The provider of each agent's model, by the agent node's name: the chat model node wired to it through
 * `ai_languageModel`. An agent given models of two providers (a fallback model of another), or a model
 * tooldeck has no profile for, is left out: nothing certain is said of it.
 */
export function modelProviders(
  nodes: readonly { name: string; type: string }[],
  connections: Record<string, unknown>,
): Map<string, ProviderId> {
  const seen = new Map<string, Set<ProviderId | undefined>>();
  for (const node of nodes) {
    if (!node.type.includes(".lmChat") || !Object.hasOwn(connections, node.name)) continue;
    const provider = Object.hasOwn(CHAT_MODEL_PROVIDERS, node.type)
      ? CHAT_MODEL_PROVIDERS[node.type]
      : undefined;
    for (const target of languageModelTargets(connections[node.name])) {
      const providers = seen.get(target) ?? new Set();
      providers.add(provider);
      seen.set(target, providers);
    }
  }
  const found = new Map<string, ProviderId>();
  for (const [target, providers] of seen) {
    const [only] = providers;
    if (providers.size === 1 && only !== undefined) found.set(target, only);
  }
  return found;
}

/** The nodes a model node's `ai_languageModel` outputs reach, by name. */
function languageModelTargets(outputs: unknown): string[] {
  const groups =
    isPlainObject(outputs) && Array.isArray(outputs.ai_languageModel) ? outputs.ai_languageModel : [];
  return groups.flatMap((group) =>
    (Array.isArray(group) ? group : []).flatMap((link) =>
      isPlainObject(link) && typeof link.node === "string" ? [link.node] : [],
    ),
  );
}
