import type { CallRecord } from "./call-record.js";

/**
 * Every difference between a recorded call and its replay, as `-`/`+` lines: the request line (method
 * and URL), the request headers (redacted values: a key that moved from `X-Api-Key` to `Authorization`
 * shows, its value stays `[redacted]`), the request body, the response status and the output the LLM
 * saw. Empty when equal.
 */
export function diffCall(index: number, recorded: CallRecord, replayed: CallRecord): string[] {
  const lines: string[] = [];
  const pair = (before: string, after: string) => {
    if (before !== after) lines.push(`  - ${before}`, `  + ${after}`);
  };
  pair(requestLine(recorded), requestLine(replayed));
  lines.push(...diffHeaders(recorded.request?.headers ?? {}, replayed.request?.headers ?? {}));
  pair(`body ${recorded.request?.body ?? "(none)"}`, `body ${replayed.request?.body ?? "(none)"}`);
  pair(statusLine(recorded), statusLine(replayed));
  pair(`output ${recorded.output}`, `output ${replayed.output}`);
  if (lines.length === 0) return [];
  return [`call ${index + 1} ${recorded.tool} (${recorded.source}):`, ...lines];
}

/** Header names compare without case: the headers that went or changed (`-`), then those that came (`+`). */
function diffHeaders(recorded: Record<string, string>, replayed: Record<string, string>): string[] {
  const byName = (headers: Record<string, string>) =>
    new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), { name, value }]));
  const before = byName(recorded);
  const after = byName(replayed);
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  const changed = names.filter((name) => before.get(name)?.value !== after.get(name)?.value);
  const lines = (side: typeof before, sign: string) =>
    changed.flatMap((name) => {
      const header = side.get(name);
      return header === undefined ? [] : [`  ${sign} header ${header.name}: ${header.value}`];
    });
  return [...lines(before, "-"), ...lines(after, "+")];
}

function requestLine(call: CallRecord): string {
  return call.request ? `${call.request.method} ${call.request.url}` : "(no request sent)";
}

function statusLine(call: CallRecord): string {
  return call.response
    ? `status ${call.response.status} ${call.response.statusText}`.trimEnd()
    : "status (no response)";
}
