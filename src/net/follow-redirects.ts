import type { FetchLike } from "./fetch-like.js";

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Fetch's own limit on redirects. */
const MAX_REDIRECTS = 20;
/** Headers fetch drops when a redirect leaves the origin; kept by hand here since we follow by hand. */
const CROSS_ORIGIN_DROPPED = ["authorization", "cookie", "proxy-authorization"];

/** One request (or redirect hop) as plain parts. */
export interface Hop {
  url: URL;
  method: string;
  headers: Headers;
  body: BodyInit | undefined;
  /** The rest of the caller's `RequestInit` (its signal, and any mark such as `viaNodeHttp`'s). */
  rest: RequestInit;
}

/**
 * Sends `first` with `inner`, one hop at a time (`redirect: "manual"`), following redirects as fetch
 * does; `beforeHop` sees every hop before it is sent and may throw to stop it.
 */
export async function followRedirects(
  inner: FetchLike,
  first: Hop,
  beforeHop: (hop: Hop) => void,
): Promise<Response> {
  let hop = first;
  for (let count = 0; ; count++) {
    beforeHop(hop);
    const response = await inner(hop.url.href, {
      ...hop.rest,
      method: hop.method,
      headers: hop.headers,
      body: hop.body ?? null,
      redirect: "manual",
    });
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || location === null) return response;
    if (count >= MAX_REDIRECTS) throw new TypeError(`more than ${MAX_REDIRECTS} redirects`);
    await response.body?.cancel();
    hop = nextHop(hop, response.status, new URL(location, hop.url));
  }
}

/** The request a redirect asks for, as fetch makes it (WHATWG fetch, "HTTP-redirect fetch"). */
function nextHop(hop: Hop, status: number, url: URL): Hop {
  const headers = new Headers(hop.headers);
  let { method, body } = hop;
  const becomesGet =
    (status === 303 && method !== "HEAD") || ((status === 301 || status === 302) && method === "POST");
  if (becomesGet) {
    method = "GET";
    body = undefined;
    for (const name of [
      "content-type",
      "content-length",
      "content-encoding",
      "content-language",
      "content-location",
    ]) {
      headers.delete(name);
    }
  }
  if (url.origin !== hop.url.origin) for (const name of CROSS_ORIGIN_DROPPED) headers.delete(name);
  return { url, method, headers, body, rest: hop.rest };
}

/** One request as plain parts, whether it came as a Request or as a URL and init. */
export async function toHop(input: string | URL | Request, init: RequestInit): Promise<Hop> {
  const { method, headers, body, redirect: _redirect, ...rest } = init;
  if (!(input instanceof Request)) {
    return {
      url: new URL(String(input)),
      method: (method ?? "GET").toUpperCase(),
      headers: new Headers(headers),
      body: body ?? undefined,
      rest,
    };
  }
  const request = new Request(input, init);
  const payload = request.body ? await request.arrayBuffer() : undefined;
  return {
    url: new URL(request.url),
    method: request.method,
    headers: new Headers(request.headers),
    body: payload,
    rest: { ...rest, signal: request.signal },
  };
}
