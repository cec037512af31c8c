import type { ToolRequest, ToolResponse } from "../runtime/tool-result.js";

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
