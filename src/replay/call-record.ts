import type { ToolRequest, ToolResponse, ToolResult } from "../runtime/tool-result.js";

/** Where a call came from: the agent's LLM, or an HTTP node step before or after the agent. */
export type CallSource = "agent" | "before" | "after";

/** One tool call as it happened: what was asked, what was sent and answered, what the LLM saw. */
export interface CallRecord {
  source: CallSource;
  tool: string;
  args: unknown;
  ok: boolean;
  /** Exactly the text the LLM saw (for a step: the node's output). */
  output: string;
  request?: ToolRequest;
  response?: ToolResponse;
  /** `stateDigest()` of the emulator's snapshot right after the call. */
  stateDigest: string;
}

/** The record of an HTTP node step (it takes no arguments), given the emulator's state digest after it. */
export function stepCallRecord(
  source: CallSource,
  tool: string,
  result: Pick<ToolResult, "ok" | "output" | "request" | "response">,
  stateDigest: string,
): CallRecord {
  const record: CallRecord = { source, tool, args: {}, ok: result.ok, output: result.output, stateDigest };
  if (result.request) record.request = result.request;
  if (result.response) record.response = result.response;
  return record;
}
