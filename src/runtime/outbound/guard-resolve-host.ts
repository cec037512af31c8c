import {
  markNeverResolves,
  neverResolves,
  type ResolveHost,
  resolveWithDns,
} from "../../net/resolve-host.js";
import type { OutboundPolicy } from "./outbound-policy.js";

/**
 * A resolver that looks up only the hosts the policy names. Flowise's private-host check resolves a
 * URL's host before anything is sent, and a DNS query for `<secret>.attacker.example` already carries
 * the secret to the attacker's name server; an unnamed host is left unjudged instead, and the outbound
 * guard refuses the request itself. It says which names it never resolves: the unnamed ones, and those
 * `resolve` never resolves.
 */
export function guardResolveHost(policy: OutboundPolicy, resolve: ResolveHost = resolveWithDns): ResolveHost {
  const named = new Set(policy.allowedHosts.map(hostnameOf));
  const isNamed = (hostname: string) => named.has(hostname.toLowerCase());
  return markNeverResolves(
    async (hostname) => (isNamed(hostname) ? resolve(hostname) : undefined),
    (hostname) => !isNamed(hostname) || neverResolves(resolve, hostname),
  );
}

/** `api.example.com:8443` → `api.example.com`; `[::1]:80` → `::1`: the name a resolver is asked about. */
function hostnameOf(named: string): string {
  try {
    return new URL(`http://${named}`).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return named.toLowerCase();
  }
}
