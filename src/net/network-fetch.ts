import type { FetchLike } from "./fetch-like.js";
import { nodeHttpFetch } from "./node-http-fetch.js";

const NODE_HTTP = Symbol.for("tooldeck.viaNodeHttp");

/**
 * The init marked to be sent as a platform's own HTTP client sends (`nodeHttpFetch`: its headers and
 * no others) once it reaches the network through `networkFetch`. The mark rides along the fetch chain
 * (outbound guard, emulators, recorders); an in-process answer never sees a socket, so it needs none.
 */
export function viaNodeHttp(init: RequestInit): RequestInit {
  return Object.assign(init, { [NODE_HTTP]: true });
}

/**
 * The fetch at the end of tooldeck's chains, the one that reaches the network: `nodeHttpFetch` for a
 * request marked `viaNodeHttp`, Node's own fetch for the rest.
 */
export const networkFetch: FetchLike = (input, init) =>
  init !== undefined && (init as { [NODE_HTTP]?: boolean })[NODE_HTTP] === true
    ? nodeHttpFetch(input, init)
    : globalThis.fetch(input, init);
