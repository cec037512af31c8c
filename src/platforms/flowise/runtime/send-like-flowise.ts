import type { FetchLike } from "../../../net/fetch-like.js";
import { viaNodeHttp } from "../../../net/network-fetch.js";
import { hasHeader, readToolResponse, toRequestInit } from "../../../runtime/http-exchange.js";
import type { HostRefusal } from "../../../runtime/profiles/private-host-refusal.js";
import type { ToolRequest, ToolResponse, ToolResult } from "../../../runtime/tool-result.js";
import { nodeFetchUrl } from "./node-fetch-url.js";

const MAX_REDIRECTS = 5;
/** node-fetch 2's own headers, each added when the tool sets none (reference flowise-tools.md, "Wire"). */
const NODE_FETCH_HEADERS: Record<string, string> = {
  accept: "*/*",
  "user-agent": "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
  "accept-encoding": "gzip,deflate",
};
const REDIRECTS = new Set([300, 301, 302, 303, 307, 308]);

export interface FlowiseSendOptions {
  fetch: FetchLike;
  /** Why a hop's host is refused (see `privateHostRefusal`), or undefined to send it. */
  refusal: HostRefusal;
  maxOutputLength?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Sends a request as Flowise 3.1's request tools do: its URL as node-fetch sends it (`nodeFetchUrl`), every hop checked against the private-host policy,
 * redirects followed by hand (at most 5; see `redirected`), no timeout; a non-2xx
 * answer fails with `Failed to make <METHOD> request: HTTP Error <status>: <statusText>` and its body
 * is never shown; success is the raw text (a UTF-8 BOM kept) cut to the max output length with
 * `slice(0, n)`, a negative length included, and no marker. Sent as node-fetch sends: its own headers
 * and no others (over node:http, none of Node's fetch's), a failure worded as node-fetch words it.
 */
export async function sendLikeFlowise(given: ToolRequest, options: FlowiseSendOptions): Promise<ToolResult> {
  const request = withNodeFetchHeaders(given);
  // The request as sent (its URL as node-fetch writes it), once its URL parses.
  let sent = request;
  const failure = (message: string, response?: ToolResponse): ToolResult => {
    const output = `Failed to make ${request.method} request: ${message}`;
    return { ok: false, output, error: output, request: sent, ...(response ? { response } : {}) };
  };
  try {
    sent = { ...request, url: nodeFetchUrl(request.url) };
    let current = sent;
    for (let hop = 0; ; hop++) {
      const judged = options.refusal(new URL(current.url));
      // Most hosts are judged at once (see privateHostRefusal): awaiting only a pending answer saves a step.
      const refusal = judged instanceof Promise ? await judged : judged;
      if (refusal) return failure(refusal);
      const init = viaNodeHttp(toRequestInit(current, options.signal, "manual"));
      const raw = await options.fetch(current.url, init).catch((error: unknown) => {
        throw nodeFetchError(current.url, error);
      });
      // Only a redirect's Location is read: a header lookup per call is not free.
      const location = REDIRECTS.has(raw.status) ? raw.headers.get("location") : null;
      if (location) {
        if (hop >= MAX_REDIRECTS) return failure("Too many redirects");
        current = redirected(current, raw.status, nodeFetchUrl(new URL(location, current.url).toString()));
        continue;
      }
      const response = await readToolResponse(raw, { keepBom: true });
      if (!raw.ok) return failure(`HTTP Error ${response.status}: ${response.statusText}`, response);
      const output = response.body.slice(0, options.maxOutputLength ?? Number.POSITIVE_INFINITY);
      return { ok: true, output, request: sent, response };
    }
  } catch (error) {
    return failure(error instanceof Error ? error.message : "Unknown error");
  }
}

/**
 * The next hop of a redirect, as node-fetch (Flowise's request tools) makes it: a 303, and a 301 or 302
 * answering a POST, become a body-less GET; every other redirect (a 302 on DELETE, a 300 with a
 * Location, 307/308) re-sends the same request to the new URL.
 */
function redirected(request: ToolRequest, status: number, url: string): ToolRequest {
  const toGet = status === 303 || ((status === 301 || status === 302) && request.method === "POST");
  if (!toGet) return { ...request, url };
  const { body: _dropped, ...rest } = request;
  return { ...rest, method: "GET", url };
}

function withNodeFetchHeaders(request: ToolRequest): ToolRequest {
  const headers = { ...request.headers };
  for (const [name, value] of Object.entries(NODE_FETCH_HEADERS))
    if (!hasHeader(headers, name)) headers[name] = value;
  return { ...request, headers };
}

/**
 * A request that got no answer, as node-fetch words it: `request to <url> failed, reason: <system
 * error>` (the system error Node's fetch keeps in its cause); any other error as it is.
 */
function nodeFetchError(url: string, error: unknown): unknown {
  const cause = error instanceof TypeError ? (error.cause as { message?: unknown } | undefined) : undefined;
  if (typeof cause?.message !== "string") return error;
  return new Error(`request to ${url} failed, reason: ${cause.message}`);
}
