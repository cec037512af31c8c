import { BlockList, isIP } from "node:net";
import { hostOf } from "../net/host-of.js";
import { neverResolves, type ResolveHost, resolveWithDns } from "../net/resolve-host.js";
import { denyListRefusal, FLOWISE_DENIED, parseDenyList } from "./flowise-deny-list.js";

export { FLOWISE_DENIED };

/**
 * The refusal as Flowise 3.1.4 words it (section 6): an IPv4 target (`localhost` included, which
 * resolves to 127.0.0.1) is refused by its `isDeniedIP` check, whose error is wrapped once more; an
 * IPv6 one (`::1`) by the plain check.
 */
export const FLOWISE_DENIED_IPV4 = `isDeniedIP: Error: ${FLOWISE_DENIED}`;

/**
 * Addresses Flowise 3.1 refuses unless HTTP_SECURITY_CHECK=false: Flowise's own list, reproduced as it
 * is (the `flowise` profile). tooldeck's own guards judge with `isGlobalAddress` (src/net/global-address.ts).
 */
const PRIVATE_RANGES = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.168.0.0", 16],
  ] as const) {
    list.addSubnet(network, prefix, "ipv4");
  }
  list.addAddress("::", "ipv6");
  list.addAddress("::1", "ipv6");
  list.addSubnet("fc00::", 7, "ipv6");
  list.addSubnet("fe80::", 10, "ipv6");
  return list;
})();

/** Whether an address (v4, v6, or v4-mapped v6) is loopback, private or link-local. */
function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const candidate = mapped ?? address;
  const family = isIP(candidate);
  if (family === 0) return false;
  return PRIVATE_RANGES.check(candidate, family === 4 ? "ipv4" : "ipv6");
}

/**
 * What Flowise checks a host against: its own list of private ranges unless HTTP_SECURITY_CHECK=false,
 * and the entries of HTTP_DENY_LIST (`parseDenyList`).
 */
export interface FlowiseHostPolicy {
  securityCheck: boolean;
  denyList: readonly string[];
}

/** Flowise's default: the private ranges, no deny list. */
export const DEFAULT_FLOWISE_POLICY: FlowiseHostPolicy = { securityCheck: true, denyList: [] };

/** Flowise's refusal text for a URL whose host (or an address it resolves to) is refused, else undefined. */
export async function flowiseRefusalOf(
  url: URL,
  resolveHost: ResolveHost = resolveWithDns,
  policy: FlowiseHostPolicy = DEFAULT_FLOWISE_POLICY,
): Promise<string | undefined> {
  const known = addressesWithoutDns(url, resolveHost);
  const addresses = known === NEEDS_DNS ? ((await resolveHost(hostOf(url))) ?? []) : known;
  return refusalOfAddresses(addresses, policy);
}

/** The refusal depends on what DNS answers for the host name. */
export const NEEDS_DNS: unique symbol = Symbol("needs DNS");

/**
 * Flowise's refusal text for a URL when it is known without a DNS answer, else `NEEDS_DNS`: the same
 * answer `flowiseRefusalOf` gives, without a call to the resolver.
 */
export function flowiseRefusalWithoutDns(
  url: URL,
  resolveHost: ResolveHost = resolveWithDns,
  policy: FlowiseHostPolicy = DEFAULT_FLOWISE_POLICY,
): string | undefined | typeof NEEDS_DNS {
  const known = addressesWithoutDns(url, resolveHost);
  return known === NEEDS_DNS ? NEEDS_DNS : refusalOfAddresses(known, policy);
}

/** What Flowise 3.1.4 answers for a private address: IPv4 ones (v4-mapped too) with `isDeniedIP: Error:`. */
export function flowiseRefusalText(address: string): string {
  return isIP(address) === 4 || /^::ffff:/i.test(address) ? FLOWISE_DENIED_IPV4 : FLOWISE_DENIED;
}

/**
 * Flowise checks each address in turn against its whole list (its private ranges first, then the deny
 * list): the first hit refuses the request.
 */
function refusalOfAddresses(addresses: readonly string[], policy: FlowiseHostPolicy): string | undefined {
  for (const address of addresses) {
    if (policy.securityCheck && isPrivateAddress(address)) return flowiseRefusalText(address);
    const denied = denyListRefusal(address, policy.denyList);
    if (denied !== undefined) return denied;
  }
  return undefined;
}

/**
 * The private address a URL's host is written as, without asking DNS: a loopback or private IP, or
 * `localhost` (as 127.0.0.1); undefined for a public IP and for any other name.
 */
export function literalPrivateAddress(url: URL): string | undefined {
  const addresses = writtenAddresses(hostOf(url));
  return addresses === NEEDS_DNS ? undefined : addresses.find(isPrivateAddress);
}

/**
 * The addresses Flowise would check, when known without DNS: a host written as an IP or `localhost` is
 * judged as written, and a name `resolveHost` never resolves (an embedded emulator's) has none.
 */
function addressesWithoutDns(url: URL, resolveHost: ResolveHost): string[] | typeof NEEDS_DNS {
  const hostname = hostOf(url);
  const written = writtenAddresses(hostname);
  return written === NEEDS_DNS && neverResolves(resolveHost, hostname) ? [] : written;
}

/** `localhost` (and its subdomains) as 127.0.0.1, an IP literal as itself; a name needs DNS. */
function writtenAddresses(hostname: string): string[] | typeof NEEDS_DNS {
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return ["127.0.0.1"];
  return isIP(hostname) === 0 ? NEEDS_DNS : [hostname];
}

/** Flowise's own switch: with HTTP_SECURITY_CHECK=false it calls loopback and private hosts too. */
export function flowiseSecurityCheckOff(env: Record<string, string | undefined>): boolean {
  return env.HTTP_SECURITY_CHECK?.toLowerCase() === "false";
}

/** What Flowise's environment sets for its host checks, as tool runtime options. */
export interface FlowiseHostOptions {
  httpSecurityCheck?: false;
  httpDenyList?: string[];
}

/**
 * The runtime options Flowise's own environment variables stand for: HTTP_SECURITY_CHECK=false and
 * HTTP_DENY_LIST, read from `env` as a Flowise server would read them.
 * @example
 * flowiseHostOptions({ HTTP_DENY_LIST: "203.0.113.0/24" }); // { httpDenyList: ["203.0.113.0/24"] }
 */
export function flowiseHostOptions(env: Record<string, string | undefined>): FlowiseHostOptions {
  const options: FlowiseHostOptions = {};
  if (flowiseSecurityCheckOff(env)) options.httpSecurityCheck = false;
  const denyList = parseDenyList(env.HTTP_DENY_LIST);
  if (denyList.length > 0) options.httpDenyList = denyList;
  return options;
}
