import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";

/** The HTTP Request node type's own description: what the model gets for a tool without one (fact 3). */
export const DEFAULT_DESCRIPTION = "Makes an HTTP request and returns the response data";

/**
 * The current node's description as n8n gives it (reference fact 3): `toolDescription` verbatim, or the
 * node type's description when it is blank or `descriptionType` is `auto`. The legacy node gives its
 * `toolDescription` as it is, empty included.
 */
export function descriptionOf(config: N8nHttpToolConfig): string {
  const { toolDescription, descriptionType } = config.parameters;
  const written = toolDescription === undefined || toolDescription === null ? "" : String(toolDescription);
  if (config.type !== "n8n-nodes-base.httpRequestTool") return written;
  return descriptionType === "auto" || written.trim() === "" ? DEFAULT_DESCRIPTION : written;
}
