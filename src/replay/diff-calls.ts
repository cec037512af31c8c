import type { CallRecord } from "./call-record.js";

/**
 * Every difference between a recorded call and its replay, as `-`/`+` line pairs: the request line
 * (method and URL), the request body, the response status and the output the LLM saw. Empty when equal.
 */
export function diffCall(index: number, recorded: CallRecord, replayed: CallRecord): string[] {
  const lines: string[] = [];
  const pair = (before: string, after: string) => {
    if (before !== after) lines.push(`  - ${before}`, `  + ${after}`);
  };
  pair(requestLine(recorded), requestLine(replayed));
  pair(`body ${recorded.request?.body ?? "(none)"}`, `body ${replayed.request?.body ?? "(none)"}`);
  pair(statusLine(recorded), statusLine(replayed));
  pair(`output ${recorded.output}`, `output ${replayed.output}`);
  if (lines.length === 0) return [];
  return [`call ${index + 1} ${recorded.tool} (${recorded.source}):`, ...lines];
}

function requestLine(call: CallRecord): string {
  return call.request ? `${call.request.method} ${call.request.url}` : "(no request sent)";
}

function statusLine(call: CallRecord): string {
  return call.response
    ? `status ${call.response.status} ${call.response.statusText}`.trimEnd()
    : "status (no response)";
}
