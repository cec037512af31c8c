import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * ipaddr.js's names for the IPv4 ranges the IANA special-purpose registry marks globally reachable
 * (AS112 and AMT are anycast services on the public internet); every other name it gives (private,
 * loopback, linkLocal, carrierGradeNat, reserved, broadcast, multicast, unspecified) is not global.
 */
const GLOBAL_IPV4_RANGES: ReadonlySet<string> = new Set(["unicast", "as112", "amt"]);

/** The same for IPv6, once an address is known to be inside 2000::/3, the only global unicast space. */
const GLOBAL_IPV6_RANGES: ReadonlySet<string> = new Set([
  "unicast",
  "amt",
  "as112v6",
  "orchid2",
  "droneRemoteIdProtocolEntityTags",
]);

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
/** The NAT64 well-known prefix: a gateway reaches the IPv4 address in its last 32 bits (RFC 6052). */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

/**
 * Whether an IP address is globally reachable: a public address, not one of the IANA special-purpose
 * ranges that are not (loopback, private, link-local and the cloud metadata services in it,
 * carrier-grade NAT 100.64.0.0/10 with Alibaba Cloud's 100.100.100.200, 192.0.0.0/24 with Oracle
 * Cloud's 192.0.0.192, the TEST-NETs, benchmarking, 240.0.0.0/4, broadcast, multicast, unique-local
 * fc00::/7 with AWS's fd00:ec2::254, documentation 2001:db8::/32, discard 100::/64, the non-global
 * parts of 2001::/23, local-use NAT64 64:ff9b:1::/48, 6to4, and everything outside 2000::/3). An
 * IPv4 address written inside IPv6 (`::ffff:100.100.100.200`, NAT64 `64:ff9b::a.b.c.d`) is judged as
 * the IPv4 address it reaches. Anything that is not an IP address is not global.
 * @example
 * isGlobalAddress("93.184.216.34"); // true
 * isGlobalAddress("::ffff:100.100.100.200"); // false
 */
export function isGlobalAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return GLOBAL_IPV4_RANGES.has(parsed.range());
  const ipv6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(ipv6);
  if (embedded) return GLOBAL_IPV4_RANGES.has(embedded.range());
  return ipv6.match(GLOBAL_UNICAST) && GLOBAL_IPV6_RANGES.has(ipv6.range());
}

/** The IPv4 address an IPv4-mapped or NAT64 well-known-prefix address reaches, if it is one. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (!address.match(NAT64_WELL_KNOWN)) return undefined;
  const [high = 0, low = 0] = address.parts.slice(6);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
