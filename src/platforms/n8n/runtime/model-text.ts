import { OutboundRefusedError } from "../../../runtime/outbound/outbound-policy.js";
import type { ToolRequest, ToolResponse, ToolResult } from "../../../runtime/tool-result.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { isAgent3 } from "./agent-version.js";

/**
 * A tool error as the agent hands it to the model: Agent 3.x `[{"error":"<message>"}]` (reference fact
 * 33), Agent 2.2 an empty string (fact 42); with the node setting On Error = Stop Workflow the model gets
 * nothing and the workflow fails with the message.
 */
export function toolError(
  config: N8nHttpToolConfig,
  message: string,
  request?: ToolRequest,
  response?: ToolResponse,
): ToolResult {
  const stops = config.onError === "stopWorkflow";
  const output = stops ? message : isAgent3(config.agent) ? JSON.stringify([{ error: message }]) : "";
  const result: ToolResult = {
    ok: false,
    output,
    error: stops ? `the n8n workflow stops: ${message}` : message,
  };
  if (stops) result.endsRun = true;
  if (request) result.request = request;
  if (response) result.response = response;
  return result;
}

/** A request tooldeck's outbound guard refused (docs/security.md): tooldeck's refusal, not n8n's text. */
export function refusedResult(error: unknown, request: ToolRequest): ToolResult | undefined {
  if (!(error instanceof OutboundRefusedError)) return undefined;
  return { ok: false, output: `not sent: ${error.message}`, error: error.message, request };
}

/**
 * An answer n8n's Optimize Response reworks in a way tooldeck does not model (HTML, marked-up text):
 * the request was sent, and the model is given `output`, the answer as the node gives it without the
 * option; the call is marked not reproduced.
 */
export function optimizeNotReproduced(
  reason: string,
  output: string,
  request: ToolRequest,
  response: ToolResponse,
): ToolResult {
  const why = `${reason}: the request was sent, and the model is given its answer without Optimize Response`;
  return {
    ok: false,
    output,
    error: `tooldeck cannot call this tool as n8n would: ${why}`,
    notReproduced: why,
    request,
    response,
  };
}
