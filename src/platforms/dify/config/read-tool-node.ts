import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { type DifyToolUse, linkDifyApiTool } from "../api-tool/link-api-tool.js";
import { readToolParameters } from "./dify-fixed-values.js";
import type { DifyNode } from "./dify-node.js";

/**
 * A workflow Tool node (`data.type: tool`, reference/dify-tools.md facts 15–16): a custom API tool
 * (`provider_type: api`) is linked to its provider with the values the node fixes; any other provider
 * type (builtin, plugin, workflow, mcp, app, dataset-retrieval) is a note, never a silent drop.
 */
export function readToolNode(node: DifyNode, sink: LoadSink): void {
  const use = toolNodeUse(node, sink);
  if (use) linkDifyApiTool(use, joinPath(node.path, "data"), sink);
}

/** A Tool node as the use of a custom API tool, or undefined with a note or an error said. */
export function toolNodeUse(node: DifyNode, sink: LoadSink): DifyToolUse | undefined {
  const where = joinPath(node.path, "data");
  const { provider_type: providerType, provider_name: providerName, tool_name: toolName } = node.data;
  if (providerType !== "api") {
    sink.note(
      where,
      `not modelled: the Tool node "${node.title}" calls a ${String(providerType ?? "builtin")} tool (${describeTool(providerName, toolName)}); tooldeck models custom API tools (provider_type: api)`,
    );
    return undefined;
  }
  if (typeof providerName !== "string" || providerName === "") {
    sink.error(joinPath(where, "provider_name"), "expected the custom tool provider's name");
    return undefined;
  }
  if (typeof toolName !== "string" || toolName === "") {
    sink.error(joinPath(where, "tool_name"), "expected the tool's name in its provider");
    return undefined;
  }
  const parameters = readToolParameters(node.data.tool_parameters, joinPath(where, "tool_parameters"), sink);
  return parameters ? { providerName, toolName, parameters, node: node.id } : undefined;
}

/** `time / current_time`: a tool as messages name it. */
export function describeTool(providerName: unknown, toolName: unknown): string {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : "?");
  return `${text(providerName)} / ${text(toolName)}`;
}
