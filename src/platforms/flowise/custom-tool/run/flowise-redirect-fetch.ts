import type { FetchLike } from "../../../../net/fetch-like.js";
import type { HostRefusal } from "../../../../runtime/profiles/private-host-refusal.js";

/** Redirects Flowise 3.1.4's `secureFetch` follows before `Too many redirects` (6 requests in all). */
export const FLOWISE_MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/**
 * A Custom Tool's requests as Flowise 3.1.4's `secureFetch` sends them (reference
 * flowise-custom-tool.md §7), over `fetch` (tooldeck's, behind its outbound guard): every hop's host
 * judged first by the profile's `refusal` (Flowise's deny list; its text is the error), redirects
 * followed by hand, at most 5; a 301/302 turns POST/PUT/PATCH into a body-less GET, a 303 always;
 * every header kept on every hop, across hosts too (Authorization included), as Flowise keeps them.
 * A request that gets no answer fails as node-fetch words it: `request to <url> failed, reason: …`.
 */
export function createFlowiseRedirectFetch(fetch: FetchLike, refusal: HostRefusal): FetchLike {
  return async (input, init = {}) => {
    let url = new URL(String(input));
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    for (let redirects = 0; ; redirects++) {
      const refused = await refusal(url);
      if (refused) throw new Error(refused);
      const response = await send(fetch, url, { ...init, method, body: body ?? null, redirect: "manual" });
      const location = response.headers.get("location");
      if (!REDIRECTS.has(response.status) || location === null) return response;
      if (redirects >= FLOWISE_MAX_REDIRECTS) throw new Error("Too many redirects");
      await response.body?.cancel();
      const becomesGet =
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && BODY_METHODS.has(method));
      if (becomesGet) {
        method = "GET";
        body = undefined;
      }
      url = new URL(location, url);
    }
  };
}

async function send(fetch: FetchLike, url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url.href, init);
  } catch (error) {
    // undici's `fetch failed` keeps the reason in its cause; node-fetch puts it in the message.
    const cause = (error as { cause?: { message?: unknown } }).cause?.message;
    if (error instanceof TypeError && typeof cause === "string")
      throw new Error(`request to ${url.href} failed, reason: ${cause}`);
    throw error;
  }
}
