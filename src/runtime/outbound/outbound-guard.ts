import { type FetchLike, isInProcessFetch, markInProcess } from "../../net/fetch-like.js";
import { type OutboundPolicy, OutboundRefusedError, refusalFor } from "./outbound-policy.js";

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Fetch's own limit on redirects. */
const MAX_REDIRECTS = 20;
/** Headers fetch drops when a redirect leaves the origin; kept by hand here since we follow by hand. */
const CROSS_ORIGIN_DROPPED = ["authorization", "cookie", "proxy-authorization"];

interface Hop {
  url: URL;
  method: string;
  headers: Headers;
  body: BodyInit | undefined;
  rest: RequestInit;
}

/**
 * A fetch that sends only where the policy allows (docs/security.md): URLs the inner fetch answers
 * in-process (the embedded emulators) always; other URLs only to named hosts, writes only when allowed.
 * Redirects are followed here, by hand, so every hop is judged the same way; a refusal throws
 * `OutboundRefusedError` before anything is sent to that hop.
 * @example
 * const fetch = createOutboundGuard(emulator.fetch, { allowedHosts: ["api.example.com"], allowWrites: false });
 */
export function createOutboundGuard(inner: FetchLike, policy: OutboundPolicy): FetchLike {
  const answersInProcess = (url: string) => isInProcessFetch(inner, url);
  const guarded: FetchLike = async (input, init = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    if (answersInProcess(url)) return inner(input, init);
    const first = await toHop(input, init);
    const redirect = init.redirect ?? (input instanceof Request ? input.redirect : "follow");
    if (redirect !== "follow") {
      refuseUnlessAllowed(first, policy);
      return inner(first.url.href, {
        ...first.rest,
        method: first.method,
        headers: first.headers,
        body: first.body ?? null,
        redirect,
      });
    }
    return follow(inner, first, policy, answersInProcess);
  };
  return markInProcess(guarded, answersInProcess);
}

async function follow(
  inner: FetchLike,
  first: Hop,
  policy: OutboundPolicy,
  answersInProcess: (url: string) => boolean,
): Promise<Response> {
  let hop = first;
  for (let count = 0; ; count++) {
    if (!answersInProcess(hop.url.href)) refuseUnlessAllowed(hop, policy);
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

function refuseUnlessAllowed(hop: Hop, policy: OutboundPolicy): void {
  const refusal = refusalFor(hop.url, hop.method, policy);
  if (refusal) throw new OutboundRefusedError(refusal);
}

/** One request as plain parts, whether it came as a Request or as a URL and init. */
async function toHop(input: string | URL | Request, init: RequestInit): Promise<Hop> {
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
