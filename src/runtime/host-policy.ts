import { BlockList, isIP } from "node:net";
import { hostOf } from "../net/host-of.js";
import { neverResolves, type ResolveHost, resolveWithDns } from "../net/resolve-host.js";

/** Flowise 3.1's refusal of private and loopback targets (reference/flowise-tools.md, "Transport"). */
export const FLOWISE_DENIED = "Access to this host is denied by policy.";

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

/** Flowise's refusal text for a URL whose host is private, or undefined when it is not. */
export async function flowiseRefusalOf(
  url: URL,
  resolveHost: ResolveHost = resolveWithDns,
): Promise<string | undefined> {
  return refusalFor(await privateAddressOf(url, resolveHost));
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
): string | undefined | typeof NEEDS_DNS {
  const address = privateAddressWithoutDns(url, resolveHost);
  return address === NEEDS_DNS ? NEEDS_DNS : refusalFor(address);
}

/** What Flowise 3.1.4 answers for a private address: IPv4 ones (v4-mapped too) with `isDeniedIP: Error:`. */
export function flowiseRefusalText(address: string): string {
  return isIP(address) === 4 || /^::ffff:/i.test(address) ? FLOWISE_DENIED_IPV4 : FLOWISE_DENIED;
}

function refusalFor(address: string | undefined): string | undefined {
  return address === undefined ? undefined : flowiseRefusalText(address);
}

/**
 * The private address a URL's host is written as, without asking DNS: a loopback or private IP, or
 * `localhost` (as 127.0.0.1); undefined for a public IP and for any other name.
 */
export function literalPrivateAddress(url: URL): string | undefined {
  const address = writtenPrivateAddress(hostOf(url));
  return address === NEEDS_DNS ? undefined : address;
}

/** The private address a URL's host is or resolves to (`localhost` as 127.0.0.1), if any. */
async function privateAddressOf(url: URL, resolveHost: ResolveHost): Promise<string | undefined> {
  const known = privateAddressWithoutDns(url, resolveHost);
  if (known !== NEEDS_DNS) return known;
  return (await resolveHost(hostOf(url)))?.find(isPrivateAddress);
}

/**
 * What is known without DNS: a host written as an IP or `localhost` is judged as written, and a name
 * `resolveHost` never resolves (an embedded emulator's) is never private.
 */
function privateAddressWithoutDns(url: URL, resolveHost: ResolveHost): string | undefined | typeof NEEDS_DNS {
  const hostname = hostOf(url);
  const written = writtenPrivateAddress(hostname);
  return written === NEEDS_DNS && neverResolves(resolveHost, hostname) ? undefined : written;
}

/** `localhost` (and its subdomains) as 127.0.0.1, an IP literal when private; a name needs DNS. */
function writtenPrivateAddress(hostname: string): string | undefined | typeof NEEDS_DNS {
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return "127.0.0.1";
  if (isIP(hostname) === 0) return NEEDS_DNS;
  return isPrivateAddress(hostname) ? hostname : undefined;
}

/** Flowise's own switch: with HTTP_SECURITY_CHECK=false it calls loopback and private hosts too. */
export function flowiseSecurityCheckOff(env: Record<string, string | undefined>): boolean {
  return env.HTTP_SECURITY_CHECK?.toLowerCase() === "false";
}
