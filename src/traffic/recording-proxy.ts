import { STATUS_CODES } from "node:http";
import type { FetchLike } from "../net/fetch-like.js";
import { hostRefusal, type LocalListener, originRefusal } from "../net/local-listener-guard.js";
import { readStreamWithin } from "../net/read-stream-within.js";
import type { Exchange } from "./exchange.js";
import { maskExchange } from "./mask-exchange.js";

/** Bodies the proxy carries, each way: larger ones are refused (413 in, 502 out), never half recorded. */
export const PROXY_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** What the proxy saw of one call, told once the answer is on its way back. */
export interface ProxiedCall {
  /** The call as forwarded and answered, masked; for a refused call, what the client asked and the refusal. */
  exchange: Exchange;
  /** False when the proxy answered itself (a write without `allowWrites`, a body too large, the target down). */
  forwarded: boolean;
  /** Why the proxy answered itself, when it did. */
  refusal?: string;
  /** Milliseconds from the request to the answer, the target's time included. */
  ms: number;
}

export interface RecordingProxyOptions {
  /** Where every call goes: `http://127.0.0.1:5566`, `https://api.example.com/v1` (its path is a prefix). */
  target: string;
  /** Forward POST, PUT, PATCH and DELETE; default false: they are answered 403 and not sent. */
  allowWrites?: boolean;
  /** Default the global fetch. */
  fetch?: FetchLike;
  /**
   * The address the proxy listens on (default 127.0.0.1, any port): a request whose `Host` is not it
   * (a web page through DNS rebinding) or a write from another `Origin` (a cross-site form) is answered
   * 403 and not sent.
   */
  listener?: LocalListener;
  /** Hears each call after its answer was handed back: checking and recording never delay it. */
  onCall: (call: ProxiedCall) => void;
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Headers of one connection (RFC 9110 §7.6.1), and those the proxy sets itself. */
const NOT_FORWARDED = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
  // Asked for plain: the answer is read to be checked and recorded, and fetch decodes what it gets anyway.
  "accept-encoding",
  "content-encoding",
]);

/**
 * A recording proxy as a fetch handler (`serve()` puts it on a port; docs/traffic.md): every request is
 * sent to `target` (its path and query appended to the target's; the request's own host, and an
 * absolute URL in its request line, are ignored, so it reaches no other host), writes only with
 * `allowWrites`, redirects handed back, not followed. The answer is read whole (at most 10 MiB each
 * way) and handed back as it came; `onCall` then hears the exchange, masked as cassettes mask theirs.
 * @example
 * const server = await serve(createRecordingProxy({ target: "http://127.0.0.1:5566", onCall: console.log }), { port: 4030 });
 */
export function createRecordingProxy(
  options: RecordingProxyOptions,
): (request: Request) => Promise<Response> {
  const target = new URL(options.target);
  const base = `${target.origin}${target.pathname.replace(/\/+$/, "")}`;
  const send = options.fetch ?? globalThis.fetch;
  const listener = options.listener ?? { host: "127.0.0.1" };
  return async (request) => {
    const started = performance.now();
    const incoming = new URL(request.url);
    const url = `${base}${incoming.pathname}${incoming.search}`;
    const tell = (exchange: Exchange, refusal?: string) =>
      setImmediate(() =>
        options.onCall({
          exchange: maskExchange(exchange),
          forwarded: refusal === undefined,
          ...(refusal !== undefined ? { refusal } : {}),
          ms: performance.now() - started,
        }),
      );
    const method = request.method.toUpperCase();
    const headers = forwardedHeaders(request.headers);
    const asked = { method, url, headers: Object.fromEntries(headers) };
    const foreign =
      hostRefusal(request, listener) ?? (READS.has(method) ? undefined : originRefusal(request, listener));
    if (foreign) return refuse(403, `${method} ${incoming.pathname} not forwarded: ${foreign}`, asked, tell);
    if (!READS.has(method) && !options.allowWrites)
      return refuse(
        403,
        `${method} ${incoming.pathname} not forwarded: writes to ${target.origin} need --allow-writes`,
        asked,
        tell,
      );
    const body =
      READS.has(method) || !request.body
        ? undefined
        : await readStreamWithin(request.body, PROXY_BODY_LIMIT_BYTES);
    if (request.body && !READS.has(method) && body === undefined)
      return refuse(413, `request body larger than ${PROXY_BODY_LIMIT_BYTES} bytes`, asked, tell);
    const sent = { ...asked, ...(body && body.length > 0 ? { body: body.toString("utf8") } : {}) };
    let answer: Response;
    try {
      answer = await send(url, {
        method,
        headers,
        redirect: "manual",
        ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
    } catch (cause) {
      return refuse(502, `${target.origin} did not answer: ${(cause as Error).message}`, sent, tell);
    }
    const bytes = answer.body ? await readStreamWithin(answer.body, PROXY_BODY_LIMIT_BYTES) : Buffer.alloc(0);
    if (!bytes)
      return refuse(
        502,
        `the answer of ${target.origin} is larger than ${PROXY_BODY_LIMIT_BYTES} bytes`,
        sent,
        tell,
      );
    const back = forwardedHeaders(answer.headers);
    tell({
      request: sent,
      response: {
        status: answer.status,
        statusText: answer.statusText,
        headers: Object.fromEntries(back),
        body: isText(back.get("content-type")) ? bytes.toString("utf8") : "",
      },
    });
    const empty = answer.status === 204 || answer.status === 304 || method === "HEAD";
    return new Response(empty ? null : new Uint8Array(bytes), {
      status: answer.status,
      statusText: answer.statusText,
      headers: back,
    });
  };
}

function forwardedHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const [name, value] of headers) if (!NOT_FORWARDED.has(name)) kept.append(name, value);
  return kept;
}

/** Text worth recording: JSON, XML, forms, any text/…; a binary answer is handed back, recorded empty. */
function isText(contentType: string | null): boolean {
  return contentType === null || /json|xml|text\/|x-www-form-urlencoded|javascript/i.test(contentType);
}

/** The proxy's own answer (RFC 9457 problem details), told as a call that was not forwarded. */
function refuse(
  status: number,
  detail: string,
  asked: Exchange["request"],
  tell: (exchange: Exchange, refusal?: string) => void,
): Response {
  const title = STATUS_CODES[status] ?? "Error";
  const body = JSON.stringify({ type: "about:blank", title, status, detail: `tooldeck proxy: ${detail}` });
  const headers = { "content-type": "application/problem+json" };
  tell({ request: asked, response: { status, statusText: title, headers, body } }, detail);
  return new Response(body, { status, statusText: title, headers });
}
