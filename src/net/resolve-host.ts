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
