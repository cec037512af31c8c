import { lookup } from "node:dns/promises";

/** Resolves a host name to its addresses; undefined when it cannot be resolved here. */
export type ResolveHost = (hostname: string) => Promise<string[] | undefined>;

export const resolveWithDns: ResolveHost = async (hostname) => {
  try {
    return (await lookup(hostname, { all: true })).map((entry) => entry.address);
  } catch {
    return undefined;
  }
};

/**
 * A resolver may say which host names it never resolves (it answers undefined for them, always, without
 * DNS): the embedded emulators' resolver does for their origins. A check that would ask it about such a
 * name knows the answer without the call.
 */
const NEVER_RESOLVES = Symbol.for("tooldeck.neverResolves");

type NeverResolvesMark = { [NEVER_RESOLVES]?: (hostname: string) => boolean };

export function markNeverResolves<R extends ResolveHost>(
  resolve: R,
  never: (hostname: string) => boolean,
): R {
  return Object.assign(resolve, { [NEVER_RESOLVES]: never });
}

/** Whether `resolve` is known to answer undefined for `hostname` (a lower-case URL host name). */
export function neverResolves(resolve: ResolveHost, hostname: string): boolean {
  return (resolve as NeverResolvesMark)[NEVER_RESOLVES]?.(hostname) ?? false;
}
