import { type FetchLike, isInProcessFetch } from "../../../net/fetch-like.js";
import { networkFetch, viaNodeHttp } from "../../../net/network-fetch.js";
import { startDeadline } from "../../../runtime/call-deadline.js";
import { toRequestInit } from "../../../runtime/http-exchange.js";
import type { ToolRequest, ToolResponse } from "../../../runtime/tool-result.js";
import type { DifyApiRequest } from "./build-api-request.js";

/**
 * The headers httpx adds to every request of a client with no headers of its own (fact 67: Dify sets
 * no Accept or User-Agent): `Accept: *∕*`, `Accept-Encoding: gzip, deflate`, `User-Agent: python-httpx/<v>`.
 * The httpx version Dify pins is not in the reference: `0.27.2` is assumed. node:http adds `Host`,
 * `Content-Length` and `Connection` (httpx sends `keep-alive`, node:http here `close`).
 */
export const HTTPX_HEADERS: Readonly<Record<string, string>> = {
  accept: "*/*",
  "accept-encoding": "gzip, deflate",
  "user-agent": "python-httpx/0.27.2",
};

/** The tool's time limit: Dify's read timeout (`API_TOOL_DEFAULT_READ_TIMEOUT`, 60 s; fact 70). */
export const DIFY_API_TOOL_TIMEOUT_MS = 60_000;

/** The statuses Dify's client retries and never returns (facts 38, 70). */
const RETRIED = new Set([429, 500, 502, 503, 504]);

/** What a send gave: an answer, Dify's retry error, or the failure (network, guard, time limit). */
export type ApiExchange =
  | { ok: true; request: ToolRequest; response: ToolResponse; disposition?: string }
  | { ok: false; request: ToolRequest; retried: ToolResponse; message: string }
  | { ok: false; request: ToolRequest; error: unknown };

/**
 * Sends the request as Dify's client does (fact 70): over node:http with httpx's headers and the
 * call's, redirects followed, no retry, so a 429/500/502/503/504 becomes `Reached maximum retries (0) for
 * URL <url>` (the URL without its query). `fetch` is the runtime's, behind tooldeck's outbound guard.
 */
export async function sendApiRequest(
  fetch: FetchLike | undefined,
  call: DifyApiRequest,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<ApiExchange> {
  const send = fetch ?? networkFetch;
  const request: ToolRequest = {
    method: call.method,
    url: call.url,
    headers: mergedHeaders(call.headers),
    ...(call.body === undefined ? {} : { body: call.body }),
  };
  const deadline = startDeadline(timeoutMs, signal, isInProcessFetch(send, call.url));
  try {
    const raw = await deadline.race(
      send(call.url, viaNodeHttp(toRequestInit(request, deadline.signal, "follow"))),
    );
    const body = await deadline.race(raw.text());
    const response: ToolResponse = {
      status: raw.status,
      statusText: raw.statusText,
      headers: Object.fromEntries(raw.headers),
      body,
    };
    if (RETRIED.has(raw.status))
      return {
        ok: false,
        request,
        retried: response,
        message: `Reached maximum retries (0) for URL ${call.baseUrl}`,
      };
    const disposition = raw.headers.get("content-disposition");
    return { ok: true, request, response, ...(disposition ? { disposition } : {}) };
  } catch (error) {
    return { ok: false, request, error };
  } finally {
    deadline.clear();
  }
}

/** httpx's defaults, then the call's headers (a name given by both: the call's, case aside). */
function mergedHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const merged: Record<string, string> = {};
  const given = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(HTTPX_HEADERS)) if (!given.has(name)) merged[name] = value;
  for (const [name, value] of Object.entries(headers))
    Object.defineProperty(merged, name, { value, enumerable: true, writable: true, configurable: true });
  return merged;
}
