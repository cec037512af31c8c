import { type FetchLike, isInProcessFetch, markInProcess } from "../../net/fetch-like.js";
import { followRedirects, type Hop, toHop } from "../../net/follow-redirects.js";
import { type OutboundPolicy, OutboundRefusedError, refusalFor } from "./outbound-policy.js";

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
    return followRedirects(inner, first, (hop) => {
      if (!answersInProcess(hop.url.href)) refuseUnlessAllowed(hop, policy);
    });
  };
  return markInProcess(guarded, answersInProcess);
}

function refuseUnlessAllowed(hop: Hop, policy: OutboundPolicy): void {
  const refusal = refusalFor(hop.url, hop.method, policy);
  if (refusal) throw new OutboundRefusedError(refusal);
}
