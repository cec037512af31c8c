import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { brotliDecompressSync, constants, gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import type { FetchLike } from "./fetch-like.js";
import { followRedirects, toHop } from "./follow-redirects.js";

/** The headers a response arrived with, as node:http reads them: lower-case names, in the server's order. */
export type ReceivedHeaders = IncomingHttpHeaders;

const RECEIVED = Symbol.for("tooldeck.receivedHeaders");
/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch over node:http(s), as the platforms' own HTTP clients send (axios, node-fetch): exactly the
 * headers given, plus the `host`, `content-length` and `connection: close` node:http adds, and none
 * of Node's fetch's own (`accept-language: *`, `sec-fetch-mode: cors`, `user-agent: node`…); no
 * WHATWG "bad port" refusal (port 1, 9, 6000 are connected to like any other); a compressed answer
 * decoded as axios decodes it. A failure rejects as Node's fetch does: `TypeError("fetch failed")`
 * with the system error (`connect ECONNREFUSED 127.0.0.1:9`) as its cause, the signal's reason on
 * abort. `receivedHeadersOf` gives the answer's headers in the server's order.
 * @example
 * const response = await nodeHttpFetch("http://127.0.0.1:8080/items", { headers: { "user-agent": "n8n" } });
 */
export const nodeHttpFetch: FetchLike = async (input, init = {}) => {
  const hop = await toHop(input, init);
  const redirect = init.redirect ?? (input instanceof Request ? input.redirect : "follow");
  const send = (url: URL, method: string, headers: HeadersInit, body: BodyInit | undefined) =>
    sendOnce(url, method, new Headers(headers), body, hop.rest.signal ?? undefined);
  if (redirect !== "follow") return send(hop.url, hop.method, hop.headers, hop.body);
  return followRedirects(
    async (url, hopInit = {}) =>
      send(new URL(String(url)), hopInit.method ?? "GET", hopInit.headers ?? {}, hopInit.body ?? undefined),
    hop,
    () => {},
  );
};

/** The headers a response from `nodeHttpFetch` arrived with, in the server's order; undefined for any other. */
export function receivedHeadersOf(response: Response): ReceivedHeaders | undefined {
  return (response as { [RECEIVED]?: ReceivedHeaders })[RECEIVED];
}

function sendOnce(
  url: URL,
  method: string,
  headers: Headers,
  body: BodyInit | undefined,
  signal: AbortSignal | undefined,
): Promise<Response> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    // `agent: false`: a connection of its own, closed after the answer, as axios's plain agent does.
    const request = send(url, { method, headers: Object.fromEntries(headers), agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", fail);
      answer.on("end", () => {
        try {
          resolve(toResponse(answer, method, Buffer.concat(chunks)));
        } catch (error) {
          fail(error);
        } finally {
          signal?.removeEventListener("abort", abort);
        }
      });
    });
    function fail(error: unknown) {
      signal?.removeEventListener("abort", abort);
      reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error }));
    }
    function abort() {
      request.destroy(signal?.reason);
    }
    signal?.addEventListener("abort", abort, { once: true });
    request.on("error", fail);
    request.end(body === undefined || body === null ? undefined : bodyBytes(body));
  });
}

function bodyBytes(body: BodyInit): string | Uint8Array {
  if (typeof body === "string") return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError(`nodeHttpFetch sends text and bytes only, got ${Object.prototype.toString.call(body)}`);
}

/** The answer as a Response: its body decoded as axios decodes it, `content-encoding` then dropped (axios too). */
function toResponse(answer: IncomingMessage, method: string, raw: Buffer): Response {
  const status = answer.statusCode ?? 0;
  const received = { ...answer.headers };
  const encoding = received["content-encoding"]?.toLowerCase();
  const noBody = NULL_BODY.has(status) || method === "HEAD";
  const decoded = noBody || raw.length === 0 ? raw : decode(raw, encoding);
  if (decoded !== raw) delete received["content-encoding"];
  const headers = new Headers();
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
    const name = answer.rawHeaders[i] as string;
    if (decoded !== raw && name.toLowerCase() === "content-encoding") continue;
    headers.append(name, answer.rawHeaders[i + 1] as string);
  }
  const response = new Response(noBody ? null : new Uint8Array(decoded), {
    status,
    statusText: answer.statusMessage ?? "",
    headers,
  });
  return Object.assign(response, { [RECEIVED]: received });
}

/** axios's decoders (its http adapter): gzip and compress as gzip, deflate with or without its zlib wrapper, br. */
function decode(raw: Buffer, encoding: string | undefined): Buffer {
  const flush = { finishFlush: constants.Z_SYNC_FLUSH, flush: constants.Z_SYNC_FLUSH };
  switch (encoding) {
    case "gzip":
    case "x-gzip":
    case "compress":
    case "x-compress":
      return gunzipSync(raw, flush);
    case "deflate":
      // A zlib header's first byte has compression method 8 in its low bits; without it the data is raw.
      return ((raw[0] ?? 0) & 0x0f) === 8 ? inflateSync(raw, flush) : inflateRawSync(raw, flush);
    case "br":
      return brotliDecompressSync(raw);
    default:
      return raw;
  }
}
