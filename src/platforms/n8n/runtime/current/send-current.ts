import type { FetchLike } from "../../../../net/fetch-like.js";
import { isInProcessFetch } from "../../../../net/fetch-like.js";
import { viaNodeHttp } from "../../../../net/network-fetch.js";
import { receivedHeadersOf } from "../../../../net/node-http-fetch.js";
import { startDeadline } from "../../../../runtime/call-deadline.js";
import { toRequestInit } from "../../../../runtime/http-exchange.js";
import type { ToolResponse } from "../../../../runtime/tool-result.js";
import type { CurrentCall } from "./build-current-request.js";

/** The node settings that repeat a failed call (reference fact 24). */
export interface RetrySettings {
  retryOnFail?: boolean | undefined;
  maxTries?: number | undefined;
  waitBetweenTries?: number | undefined;
}

/**
 * A call's outcome; an answer's `headers` as n8n's HTTP client shows them (node:http's: the server's
 * order, lower-case names, `set-cookie` a list), which `response.headers` flattens.
 */
export type Exchange =
  | { ok: true; response: ToolResponse; headers: Record<string, string | string[]> }
  | { ok: false; error: unknown };

/**
 * Sends one call as the current node does: redirects followed unless its options say not to, and with
 * Retry On Fail the whole call repeated (n8n's defaults: 3 tries, 1 s apart; n8n caps them at 5 and
 * 5 s) while it fails with a non-2xx answer or a network error; the last outcome is what the model sees.
 */
export async function sendCurrent(
  fetch: FetchLike,
  call: CurrentCall,
  retry: RetrySettings,
  signal: AbortSignal | undefined,
): Promise<Exchange> {
  const tries = retry.retryOnFail === true ? Math.min(Math.max(retry.maxTries ?? 3, 1), 5) : 1;
  const waitMs = Math.min(Math.max(retry.waitBetweenTries ?? 1000, 0), 5000);
  let outcome: Exchange = { ok: false, error: new Error("not sent") };
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (attempt > 1 && waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    outcome = await sendOnce(fetch, call, signal);
    if (outcome.ok && outcome.response.status < 400) return outcome;
  }
  return outcome;
}

async function sendOnce(
  fetch: FetchLike,
  call: CurrentCall,
  outer: AbortSignal | undefined,
): Promise<Exchange> {
  const deadline = startDeadline(call.timeoutMs, outer, isInProcessFetch(fetch, call.request.url));
  try {
    // n8n sends with axios over node:http: its headers only, none of fetch's own (reference fact 21).
    const init = viaNodeHttp(
      toRequestInit(call.request, deadline.signal, call.followRedirects ? "follow" : "manual"),
    );
    const raw = await deadline.race(fetch(call.request.url, init));
    const body = await deadline.race(raw.text());
    const headers = shownHeaders(raw);
    const flat = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : value]),
    );
    return {
      ok: true,
      response: { status: raw.status, statusText: raw.statusText, headers: flat, body },
      headers,
    };
  } catch (error) {
    return { ok: false, error };
  } finally {
    deadline.clear();
  }
}

/** The answer's headers as received over the socket; an in-process answer's as its `Headers` list them. */
function shownHeaders(response: Response): Record<string, string | string[]> {
  const received = receivedHeadersOf(response);
  if (received === undefined) return Object.fromEntries(response.headers);
  const shown: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(received)) if (value !== undefined) shown[name] = value;
  return shown;
}
