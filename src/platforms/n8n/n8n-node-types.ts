/** The current HTTP Request tool: the HTTP Request node run as a tool (`usableAsTool`), typeVersion 4.x. */
export const CURRENT_HTTP_TOOL = "n8n-nodes-base.httpRequestTool";
/** The legacy HTTP Request tool, typeVersion 1 and 1.1 (hidden from n8n's node list, still in templates). */
export const LEGACY_HTTP_TOOL = "@n8n/n8n-nodes-langchain.toolHttpRequest";

/** The node types that take tools through an `ai_tool` connection and that tooldeck models. */
export const AGENT = "@n8n/n8n-nodes-langchain.agent";
/** An agent used as another agent's tool (a sub-agent). */
export const AGENT_TOOL = "@n8n/n8n-nodes-langchain.agentTool";
/** The MCP Server Trigger: serves its tools to MCP clients. */
export const MCP_TRIGGER = "@n8n/n8n-nodes-langchain.mcpTrigger";

/** The node types tooldeck models as HTTP tools. */
export const HTTP_TOOL_TYPES = [CURRENT_HTTP_TOOL, LEGACY_HTTP_TOOL] as const;
export type HttpToolType = (typeof HTTP_TOOL_TYPES)[number];

/** The node types a modelled HTTP tool may serve. */
export const TARGET_TYPES = [AGENT, AGENT_TOOL, MCP_TRIGGER] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** Whether a node type is one of the HTTP tools tooldeck models. */
export function isHttpToolType(type: unknown): type is HttpToolType {
  return type === CURRENT_HTTP_TOOL || type === LEGACY_HTTP_TOOL;
}

/** Whether a node type is a target tooldeck models (agent, sub-agent tool, MCP Server Trigger). */
export function isTargetType(type: unknown): type is TargetType {
  return type === AGENT || type === AGENT_TOOL || type === MCP_TRIGGER;
}
