import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CallRecord } from "../replay/call-record.js";
import type { ToolResult } from "../runtime/tool-result.js";

/** The structured content of a call: the HTTP exchange behind the output, as LangChain's artifact has it. */
export type McpExchange = Pick<ToolResult, "ok" | "request" | "response" | "error">;

/**
 * A tool result as MCP returns it: the output the LLM sees as the only text content, `isError` on a
 * failed call, and the exchange as structured content with credentials hidden by `redact`, as cassettes
 * hide them (src/replay/redact.ts): a client may show structured content to its model, so no header or
 * variable value may reach it that the output did not already carry.
 */
export function toCallToolResult(
  result: ToolResult,
  redact: (call: CallRecord) => CallRecord,
): CallToolResult {
  // The error text rides in the record's output slot, so it is scrubbed like the rest.
  const record: CallRecord = {
    source: "agent",
    tool: "",
    args: {},
    ok: result.ok,
    output: result.error ?? "",
    stateDigest: "",
  };
  if (result.request) record.request = result.request;
  if (result.response) record.response = result.response;
  const redacted = redact(record);
  const exchange: McpExchange = { ok: result.ok };
  if (redacted.request) exchange.request = redacted.request;
  if (redacted.response) exchange.response = redacted.response;
  if (result.error !== undefined) exchange.error = redacted.output;
  return {
    content: [{ type: "text", text: result.output }],
    structuredContent: { ...exchange },
    ...(result.ok ? {} : { isError: true }),
  };
}
