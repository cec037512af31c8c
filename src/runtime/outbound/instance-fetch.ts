import type { FetchLike } from "../../net/fetch-like.js";
import { createOutboundGuard } from "./outbound-guard.js";
import { baseUrlHost } from "./outbound-policy.js";

/**
 * The fetch that reads a platform instance the user named (`--n8n URL`, `--flowise URL`): through the
 * outbound guard, to that instance's `host:port` only (named by the user, so loopback too), reads only.
 * Redirects are not followed by it (`getApiJson` follows them within the origin): a hop elsewhere is
 * refused before it is sent.
 * @example
 * const send = instanceFetch("http://localhost:5678"); // send(new Request(url, { redirect: "manual" }))
 */
export function instanceFetch(
  url: string,
  inner: (request: Request) => Promise<Response> = (request) => fetch(request),
): (request: Request) => Promise<Response> {
  const asFetchLike: FetchLike = (input, init) => inner(new Request(input, init));
  let allowedHosts: string[];
  try {
    allowedHosts = [baseUrlHost(new URL(url))];
  } catch {
    // Not a URL: nothing is allowed, and the request's own error says why.
    allowedHosts = [];
  }
  const guarded = createOutboundGuard(asFetchLike, { allowedHosts, allowWrites: false });
  return (request) => guarded(request);
}
