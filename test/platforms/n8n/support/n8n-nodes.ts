import type {
  N8nHttpToolConfig,
  N8nTarget,
} from "../../../../src/platforms/n8n/config/n8n-http-tool-config.js";

/** n8n 2.41's default agent. */
export const AGENT_3: N8nTarget = { name: "Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1 };
/** The older agent, LangChain's AgentExecutor. */
export const AGENT_2: N8nTarget = { name: "Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 2.2 };

/** An HTTP Request tool node (4.2) named "Get Item", serving Agent 3.1 unless `changes` say otherwise. */
export function currentNode(
  parameters: Record<string, unknown>,
  changes: Partial<N8nHttpToolConfig> = {},
): N8nHttpToolConfig {
  return {
    kind: "n8n-http-tool",
    name: "Get Item",
    type: "n8n-nodes-base.httpRequestTool",
    typeVersion: 4.2,
    parameters,
    credentials: {},
    agent: AGENT_3,
    ...changes,
  };
}

/** A legacy toolHttpRequest node (1.1) named "get_item", serving Agent 2.2 unless `changes` say otherwise. */
export function legacyNode(
  parameters: Record<string, unknown>,
  changes: Partial<N8nHttpToolConfig> = {},
): N8nHttpToolConfig {
  return currentNode(parameters, {
    name: "get_item",
    type: "@n8n/n8n-nodes-langchain.toolHttpRequest",
    typeVersion: 1.1,
    agent: AGENT_2,
    ...changes,
  });
}
