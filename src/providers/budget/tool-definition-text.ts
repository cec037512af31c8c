import type { ExecutableTool } from "../../runtime/tool-result.js";

/**
 * A tool's definition as the model's request carries it, in OpenAI's Chat Completions form (what
 * LangChain's `ChatOpenAI` sends for a tool tooldeck builds): its name, description and the JSON schema
 * of its arguments, compact. Other providers wrap the same three fields in other keys
 * (`input_schema`, `functionDeclarations`), a few tokens apart per tool.
 * @example
 * toolDefinitionText({ name: "get_event", description: "Get one event", inputSchema: { type: "object" } });
 * // '{"type":"function","function":{"name":"get_event","description":"Get one event","parameters":{"type":"object"}}}'
 */
export function toolDefinitionText(
  tool: Pick<ExecutableTool, "name" | "description" | "inputSchema">,
): string {
  return JSON.stringify({
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  });
}
