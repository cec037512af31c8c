import { ToolDeckError } from "../../../../errors.js";
import type { ExecutableTool } from "../../../../runtime/tool-result.js";
import type { ToolkitContext } from "../../../../runtime/toolkit/toolkit-context.js";
import { TOOLKIT_METHODS } from "../../../../runtime/toolkit/toolkit-methods.js";
import { createFlowiseTool } from "./flowise-toolkit-tool.js";

/** Flowise: base URL = selectedServer or the document's first server, operations without operationId skipped. */
export function flowiseToolkitTools(context: ToolkitContext): ExecutableTool[] {
  const { config, index } = context;
  const selected =
    config.selectedServer && config.selectedServer !== "error" ? config.selectedServer : undefined;
  const baseUrl = selected ?? index.spec.document.servers?.[0]?.url;
  if (!baseUrl)
    throw new ToolDeckError("load", `${index.spec.label}: OpenAPI spec does not contain a server URL`);
  const tools = index.operations
    .filter((op) => TOOLKIT_METHODS.has(op.method) && op.operationId)
    .map((op) => createFlowiseTool(op, baseUrl, context));
  const wanted = new Set(config.selectedEndpoints);
  return wanted.size > 0 ? tools.filter((tool) => wanted.has(tool.name)) : tools;
}
