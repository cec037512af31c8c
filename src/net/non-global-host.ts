import { isIP } from "node:net";
import { isGlobalAddress } from "./global-address.js";
import { hostOf } from "./host-of.js";
import { neverResolves, type ResolveHost, resolveWithDns } from "./resolve-host.js";

/**
 * The address that is not globally reachable (`isGlobalAddress`) which a URL's host is written as or
 * resolves to, or undefined. `localhost` and its subdomains are 127.0.0.1 without DNS; a name the
 * resolver never resolves (an embedded emulator's) and a name that does not resolve are not judged
 * (nothing can be sent to them).
 * @example
 * await nonGlobalAddressOf(new URL("http://[::ffff:100.100.100.200]/")); // "::ffff:6464:64c8"
 */
export async function nonGlobalAddressOf(
  url: URL,
  resolveHost: ResolveHost = resolveWithDns,
): Promise<string | undefined> {
  const hostname = hostOf(url);
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return "127.0.0.1";
  if (isIP(hostname) !== 0) return isGlobalAddress(hostname) ? undefined : hostname;
  if (neverResolves(resolveHost, hostname)) return undefined;
  return (await resolveHost(hostname))?.find((address) => !isGlobalAddress(address));
}
