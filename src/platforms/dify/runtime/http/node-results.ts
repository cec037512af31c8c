import type { ToolRequest, ToolResponse, ToolResult } from "../../../../runtime/tool-result.js";
import type { DifyNodeError } from "../dify-node-error.js";
import type { NodeAnswer, NodeOutputs } from "./node-response.js";

/** A call tooldeck cannot make as Dify would: nothing is sent, and the reason is said. */
export function notReproduced(reason: string, request?: ToolRequest): ToolResult {
  const result: ToolResult = {
    ok: false,
    output: `not reproduced: ${reason}`,
    error: `tooldeck cannot run this node as Dify would: ${reason}`,
    notReproduced: reason,
  };
  if (request) result.request = request;
  return result;
}

/** A request tooldeck's outbound guard refused (docs/security.md): tooldeck's refusal, not Dify's text. */
export function refused(message: string, request: ToolRequest): ToolResult {
  return { ok: false, output: `not sent: ${message}`, error: message, request };
}

/**
 * The node's failed run (reference/dify-tools.md fact 43): what follows it sees the error message; the
 * error type (`InvalidURLError`, `HTTPResponseCodeError`…) is said in `error`.
 */
export function nodeFailed(
  config: { name: string },
  failure: DifyNodeError,
  request?: ToolRequest,
  response?: ToolResponse,
): ToolResult {
  const result: ToolResult = {
    ok: false,
    output: failure.message,
    error: `Dify's HTTP Request node ${config.name} fails (${failure.errorType}): ${failure.message}`,
  };
  if (request) result.request = request;
  if (response) result.response = response;
  return result;
}

/** The node's succeeded run: its outputs as JSON text. */
export function nodeSucceeded(
  outputs: NodeOutputs,
  request: ToolRequest,
  response: ToolResponse,
): ToolResult {
  return { ok: true, output: JSON.stringify(outputs), request, response };
}

/** The answer as the record a `ToolResult` carries. */
export function toolResponseOf(answer: NodeAnswer): ToolResponse {
  return { status: answer.status, statusText: "", headers: answer.headers, body: answer.text };
}
