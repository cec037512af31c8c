import { type FetchLike, isInProcessFetch } from "../../net/fetch-like.js";
import { startDeadline } from "../call-deadline.js";
import { readToolResponse, toRequestInit } from "../http-exchange.js";
import type { ToolRequest, ToolResponse, ToolResult } from "../tool-result.js";

export interface StandardSendOptions {
  fetch: FetchLike;
  timeoutMs: number;
  maxOutputLength?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Sends a request the standard way: redirects followed by fetch, a timeout, the caller's AbortSignal
 * honoured. A non-2xx answer is an error result whose output carries the status and the server's body
 * (`HTTP 400 Bad Request: {"error":"…"}`), so the LLM can correct itself; long output is cut with a marker.
 */
export async function sendStandard(request: ToolRequest, options: StandardSendOptions): Promise<ToolResult> {
  const deadline = startDeadline(
    options.timeoutMs,
    options.signal,
    isInProcessFetch(options.fetch, request.url),
  );
  let answer: { raw: Response; response: ToolResponse };
  try {
    answer = await deadline.race(fetchAndRead(options.fetch, request, deadline.signal));
  } catch (error) {
    const reason = deadline.timedOut()
      ? `timed out after ${options.timeoutMs} ms`
      : describeFetchError(error);
    const output = `${request.method} ${request.url} failed: ${reason}`;
    return { ok: false, output, error: output, request };
  } finally {
    deadline.clear();
  }
  const { raw, response } = answer;
  if (!raw.ok) {
    const output = `HTTP ${response.status} ${response.statusText}: ${response.body}`.trimEnd();
    return {
      ok: false,
      output,
      error: `${request.method} ${request.url} answered ${response.status}`,
      request,
      response,
    };
  }
  return { ok: true, output: truncate(response.body, options.maxOutputLength), request, response };
}

async function fetchAndRead(fetch: FetchLike, request: ToolRequest, signal: AbortSignal | undefined) {
  const raw = await fetch(request.url, toRequestInit(request, signal));
  return { raw, response: await readToolResponse(raw) };
}

/** Cuts text to `max` characters and says so, so neither the LLM nor a reader mistakes it for the whole. */
export function truncate(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  return `${text.slice(0, max)}\n…[truncated: ${max} of ${text.length} characters shown]`;
}

function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "AbortError") return "aborted";
  const code = (error.cause as { code?: string } | undefined)?.code;
  return code ? `${error.message} (${code})` : error.message;
}
