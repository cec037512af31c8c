import type { FetchLike } from "../net/fetch-like.js";
import type { ResolveHost } from "../net/resolve-host.js";

/** How a spec and the documents its `$ref`s name may be read (docs/security.md). */
export interface ReadPolicy {
  fetch: FetchLike;
  /** Folders a `$ref`'d file must be inside; undefined for a file the caller named itself. */
  roots?: readonly string[] | undefined;
  /** Download http(s) documents at all (`--allow-remote-refs`). */
  allowRemote: boolean;
  /** How private addresses are told apart; default DNS. */
  resolveHost?: ResolveHost | undefined;
}
