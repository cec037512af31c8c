import { STATUS_CODES } from "node:http";
import type { FetchLike } from "../net/fetch-like.js";
import { hostRefusal, type LocalListener, originRefusal } from "../net/local-listener-guard.js";
import { readStreamWithin } from "../net/read-stream-within.js";
import type { Exchange } from "./exchange.js";
import { maskExchange } from "./mask-exchange.js";

/** Bodies the proxy carries, each way: larger ones are refused (413 in, 502 out), never half recorded. */
export const PROXY_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** How long the target has to answer a call, body included, before the proxy answers 504 itself. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

/** What the proxy saw of one call, told once the answer is on its way back. */
export interface ProxiedCall {
  /**
   * The call as forwarded and answered, masked; for a call refused or failed, the proxy's own answer
   * (problem details).
   */
  exchange: Exchange;
  /** False when the proxy refused the call and did not send it (a write without `allowWrites`, a body too large). */
  forwarded: boolean;
  /** Why the proxy refused to send the call, when it did. */
  refusal?: string;
  /**
   * Why a call that was sent got no whole answer (the target unreachable, a reset mid-body, an answer
   * too large, `upstreamTimeoutMs` run out): the proxy answered 502 or 504 itself.
   */
  failure?: string;
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
  /** How long the target has to answer a call, body included; then 504. Default 30 s. */
  upstreamTimeoutMs?: number;
  /** Aborts the calls still waiting for the target (the proxy stopping): each is answered 502. */
  signal?: AbortSignal;
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
  const listener = options.listener ?? { host: "127.0.0.1" };
  return async (request) => {
    const started = performance.now();
    const incoming = new URL(request.url);
    const url = `${base}${incoming.pathname}${incoming.search}`;
    const tell: Tell = (exchange, outcome = {}) =>
      setImmediate(() =>
        options.onCall({
          exchange: maskExchange(exchange),
          forwarded: outcome.refusal === undefined,
          ...outcome,
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
    return forward(sent, body, options, tell);
  };
}

/** Tells `onCall` of a call: answered by the target, or refused or failed (`outcome` says why). */
type Tell = (exchange: Exchange, outcome?: { refusal?: string; failure?: string }) => void;

/**
 * Sends the call to the target within the timeout and hands its answer back whole; an answer that
 * never comes whole (unreachable, reset mid-body, too large, too slow) is the proxy's own 502 or 504,
 * told as a failed call.
 */
async function forward(
  sent: Exchange["request"],
  body: Buffer | undefined,
  options: RecordingProxyOptions,
  tell: Tell,
): Promise<Response> {
  const origin = new URL(options.target).origin;
  const timeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const waiting = abortableWait(timeoutMs, options.signal);
  const fail = (status: number, detail: string) =>
    answerItself(status, detail, sent, (exchange) => tell(exchange, { failure: detail }));
  const unanswered = (what: string, cause: unknown) =>
    waiting.timedOut()
      ? fail(504, `${origin} did not answer within ${timeoutMs / 1000} s (--upstream-timeout)`)
      : options.signal?.aborted
        ? fail(502, `the proxy stopped before ${origin} answered`)
        : fail(502, `${what}: ${reasonOf(cause)}`);
  try {
    let answer: Response;
    try {
      answer = await (options.fetch ?? globalThis.fetch)(sent.url, {
        method: sent.method,
        headers: sent.headers,
        redirect: "manual",
        signal: waiting.signal,
        ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
    } catch (cause) {
      return unanswered(`${origin} did not answer`, cause);
    }
    let bytes: Buffer | undefined;
    try {
      bytes = answer.body ? await readStreamWithin(answer.body, PROXY_BODY_LIMIT_BYTES) : Buffer.alloc(0);
    } catch (cause) {
      return unanswered(`the answer of ${origin} was cut off`, cause);
    }
    if (!bytes) return fail(502, `the answer of ${origin} is larger than ${PROXY_BODY_LIMIT_BYTES} bytes`);
    return handBack(answer, bytes, sent, tell);
  } finally {
    waiting.done();
  }
}

/**
 * A signal aborted after `timeoutMs` or when `stop` aborts, whichever comes first; `done` lets go of
 * both (a timer and a listener per call, never one left behind for 30 s under load).
 */
function abortableWait(timeoutMs: number, stop: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("the upstream timeout ran out", "TimeoutError"));
  }, timeoutMs);
  const onStop = () => controller.abort(stop?.reason);
  if (stop?.aborted) onStop();
  else stop?.addEventListener("abort", onStop, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      stop?.removeEventListener("abort", onStop);
    },
  };
}

/** The target's answer as it came (hop-by-hop headers aside), told as the exchange. */
function handBack(answer: Response, bytes: Buffer, sent: Exchange["request"], tell: Tell): Response {
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
  const empty = answer.status === 204 || answer.status === 304 || sent.method === "HEAD";
  return new Response(empty ? null : new Uint8Array(bytes), {
    status: answer.status,
    statusText: answer.statusText,
    headers: back,
  });
}

/** `fetch failed (connect ECONNREFUSED 127.0.0.1:1)`, `terminated (other side closed)`: undici's error and its cause. */
function reasonOf(cause: unknown): string {
  const error = cause as Error & { cause?: unknown };
  const inner = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.message}${inner}`;
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

/** The proxy's refusal (problem details), told as a call that was not forwarded. */
function refuse(status: number, detail: string, asked: Exchange["request"], tell: Tell): Response {
  return answerItself(status, detail, asked, (exchange) => tell(exchange, { refusal: detail }));
}

/** The proxy's own answer (RFC 9457 problem details), told through `told`. */
function answerItself(
  status: number,
  detail: string,
  asked: Exchange["request"],
  told: (exchange: Exchange) => void,
): Response {
  const title = STATUS_CODES[status] ?? "Error";
  const body = JSON.stringify({ type: "about:blank", title, status, detail: `tooldeck proxy: ${detail}` });
  const headers = { "content-type": "application/problem+json" };
  told({ request: asked, response: { status, statusText: title, headers, body } });
  return new Response(body, { status, statusText: title, headers });
}
