import { ToolMessage } from "@langchain/core/messages";
import { type DynamicStructuredTool, ToolInputParsingException } from "@langchain/core/tools";
import { ToolInvocationError } from "langchain";

/**
 * Calls a LangChain tool with a tool call and returns the ToolMessage the agent's ToolNode would have put
 * in the conversation, errors included, with LangChain's own wording: an unknown tool, arguments that fail
 * the schema, any other thrown error ("… Please fix your mistakes.").
 */
export async function invokeLikeToolNode(
  tools: readonly DynamicStructuredTool[],
  call: { id: string; name: string; args: unknown },
): Promise<ToolMessage> {
  const toolCall = {
    id: call.id,
    name: call.name,
    args: call.args as Record<string, unknown>,
    type: "tool_call" as const,
  };
  const fail = (content: string) =>
    new ToolMessage({ content, tool_call_id: call.id, name: call.name, status: "error" });
  const tool = tools.find((candidate) => candidate.name === call.name);
  if (!tool) {
    const names = tools.map((candidate) => candidate.name).join(", ");
    return fail(`Error: ${call.name} is not a valid tool, try one of [${names}].`);
  }
  try {
    const output: unknown = await tool.invoke(toolCall);
    if (ToolMessage.isInstance(output)) return output;
    return new ToolMessage({
      content: typeof output === "string" ? output : JSON.stringify(output),
      tool_call_id: call.id,
      name: call.name,
    });
  } catch (error) {
    if (error instanceof ToolInputParsingException)
      return fail(new ToolInvocationError(error, toolCall).message);
    return fail(`${error}\n Please fix your mistakes.`);
  }
}
