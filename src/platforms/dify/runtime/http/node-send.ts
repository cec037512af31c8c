import type { FetchLike } from "../../../../net/fetch-like.js";
import { isInProcessFetch } from "../../../../net/fetch-like.js";
import { viaNodeHttp } from "../../../../net/network-fetch.js";
import { receivedHeadersOf } from "../../../../net/node-http-fetch.js";
import { startDeadline } from "../../../../runtime/call-deadline.js";
import { toRequestInit } from "../../../../runtime/http-exchange.js";
import type { ToolRequest } from "../../../../runtime/tool-result.js";
import type { DifyHttpRequestConfig } from "../../config/dify-http-request-config.js";
import type { NodeAnswer } from "./node-response.js";

/** Server defaults in seconds (reference/dify-tools.md fact 14): connect 10, read 600, write 600. */
const DEFAULT_TIMEOUT = { connect: 10, read: 600, write: 600 };

/** A send's outcome: the answer, or what the fetch chain threw (nothing answered). */
export type NodeExchange =
  | { ok: true; answer: NodeAnswer }
  | { ok: false; error: unknown; timedOut: boolean };

/**
 * The call's limit: httpx limits each phase (connect, read, write; 0 or absent: the server's default,
 * facts 13–14), tooldeck the whole call, so the call is given their sum.
 */
export function nodeTimeoutMs(config: DifyHttpRequestConfig): number {
  const { connect, read, write } = config.timeout;
  return (
    ((connect || DEFAULT_TIMEOUT.connect) +
      (read || DEFAULT_TIMEOUT.read) +
      (write || DEFAULT_TIMEOUT.write)) *
    1000
  );
}

/**
 * Sends one try as Dify's client does (facts 36, 37): over node:http with exactly the request's headers
 * (httpx's, none of Node's fetch's), redirects followed, no retry of its own.
 */
export async function sendNodeRequest(
  fetch: FetchLike,
  request: ToolRequest,
  timeoutMs: number,
  outer: AbortSignal | undefined,
): Promise<NodeExchange> {
  const deadline = startDeadline(timeoutMs, outer, isInProcessFetch(fetch, request.url));
  try {
    const init = viaNodeHttp(toRequestInit(request, deadline.signal, "follow"));
    const response = await deadline.race(fetch(request.url, init));
    const bytes = new Uint8Array(await deadline.race(response.arrayBuffer()));
    const headers = answerHeaders(response);
    return {
      ok: true,
      answer: { status: response.status, headers, bytes, text: decodeText(bytes, headers) },
    };
  } catch (error) {
    return { ok: false, error, timedOut: deadline.timedOut() };
  } finally {
    deadline.clear();
  }
}

/**
 * `dict(response.headers)` of httpx: lower-case names in the server's order, a name said twice joined
 * with `, ` (node:http keeps one of some names, such as a second `content-type`).
 */
function answerHeaders(response: Response): Record<string, string> {
  const received = receivedHeadersOf(response);
  const headers: Record<string, string> = {};
  if (received === undefined) {
    for (const [name, value] of response.headers)
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    return headers;
  }
  for (const [name, value] of Object.entries(received))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}

/** httpx's `response.text`: the charset the Content-Type names, else UTF-8, bad bytes replaced. */
function decodeText(bytes: Uint8Array, headers: Record<string, string>): string {
  const charset = /charset=["']?([^;"'\s]+)/i.exec(headers["content-type"] ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}
