const MAX_TOOL_NAME_LENGTH = 64;

/**
 * The name the model is given for a tool node (reference fact 2): every run of characters outside
 * `A-Z a-z 0-9 _ -` becomes one `_` (a trailing one kept), then a name over 64 characters is cut to 64
 * and loses the `_`/`-` the cut left at its end (`n8n-workflow`'s tool-helpers). An empty name falls
 * back to the node type's name, as n8n does.
 * @example
 * toolNameOf("Get Weather (v2)! – é"); // "Get_Weather_v2_"
 */
export function toolNameOf(nodeName: string, fallback = "httpRequestTool"): string {
  let name = nodeName.replace(/[^a-zA-Z0-9_-]+/g, "_");
  if (name.length > MAX_TOOL_NAME_LENGTH) name = name.slice(0, MAX_TOOL_NAME_LENGTH).replace(/[_-]+$/, "");
  return name || fallback;
}

/** n8n's refusal of a legacy tool whose name is not an identifier after conversion (fact 47). */
export const LEGACY_NAME_ERROR = "The name of this tool is not a valid alphanumeric string";

/** Whether the legacy `toolHttpRequest` node accepts a converted name: `^[a-zA-Z_][a-zA-Z0-9_]*$` (fact 47). */
export function isLegacyToolName(toolName: string): boolean {
  return /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(toolName);
}
