import type { N8nTarget } from "../config/n8n-http-tool-config.js";

/**
 * Whether the agent is Agent 3.x (n8n 2.41's default: arguments not validated, errors as
 * `[{"error":…}]`, the legacy node refused) or an older agent run by LangChain's AgentExecutor (2.2 and
 * the 1.x versions before it: arguments validated, a tool error seen as `""`). An MCP Server Trigger's
 * tools are taken as Agent 3.x's: the reference did not observe them (docs/n8n.md).
 */
export function isAgent3(agent: N8nTarget): boolean {
  return agent.type === "@n8n/n8n-nodes-langchain.mcpTrigger" || agent.typeVersion >= 3;
}
