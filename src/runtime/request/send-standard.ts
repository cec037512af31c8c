import { type FetchLike, isInProcessFetch } from "../../net/fetch-like.js";
import { readToolResponse, toRequestInit } from "../http-exchange.js";
import type { ToolRequest, ToolResult } from "../tool-result.js";

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
  const deadline = createDeadline(
    options.timeoutMs,
    options.signal,
    isInProcessFetch(options.fetch, request.url),
  );
  let raw: Response;
  let response: ToolResult["response"];
  try {
    raw = await deadline.race(options.fetch(request.url, toRequestInit(request, deadline.signal)));
    response = await deadline.race(readToolResponse(raw));
  } catch (error) {
    const reason = deadline.timedOut()
      ? `timed out after ${options.timeoutMs} ms`
      : describeFetchError(error);
    const output = `${request.method} ${request.url} failed: ${reason}`;
    return { ok: false, output, error: output, request };
  } finally {
    deadline.clear();
  }
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

/**
 * The call's time limit. Over the network it aborts the request (one AbortController, linked to the
 * caller's signal). In-process there is no socket to cancel, so it only races a timer and the caller's
 * signal goes through as it is: an AbortController per call costs a third of an in-process call
 * (bench/tool-calls).
 */
function createDeadline(timeoutMs: number, outer: AbortSignal | undefined, inProcess: boolean) {
  const controller = inProcess ? undefined : new AbortController();
  let timedOut = false;
  let expire: (reason: unknown) => void = () => {};
  const expired = new Promise<never>((_resolve, reject) => {
    expire = reject;
  });
  const timer = setTimeout(() => {
    timedOut = true;
    const reason = new DOMException(`timed out after ${timeoutMs} ms`, "TimeoutError");
    controller?.abort(reason);
    expire(reason);
  }, timeoutMs);
  const forward = () => controller?.abort(outer?.reason);
  if (controller && outer?.aborted) forward();
  else if (controller) outer?.addEventListener("abort", forward, { once: true });
  return {
    signal: controller?.signal ?? outer,
    timedOut: () => timedOut,
    race: <T>(work: Promise<T>): Promise<T> => Promise.race([work, expired]),
    clear() {
      clearTimeout(timer);
      outer?.removeEventListener("abort", forward);
    },
  };
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
