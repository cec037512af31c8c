import ipaddr from "ipaddr.js";

/** Flowise 3.1's refusal of a denied host (reference/flowise-tools.md, "Transport"). */
export const FLOWISE_DENIED = "Access to this host is denied by policy.";

/**
 * Flowise's `HTTP_DENY_LIST` as it reads it (reference/flowise-custom-tool.md §7): entries split on
 * commas and trimmed; none when the variable is unset or empty.
 * @example
 * parseDenyList("203.0.113.7, 198.51.100.0/24"); // ["203.0.113.7", "198.51.100.0/24"]
 */
export function parseDenyList(text: string | undefined): string[] {
  return text ? text.split(",").map((entry) => entry.trim()) : [];
}

/**
 * Flowise's refusal of one address by its deny list, or undefined. Judged as Flowise's `isDeniedIP`
 * does, with the library it uses (ipaddr.js), so its quirks carry over: an entry with a `/` is a CIDR
 * range, matched only against addresses of its own family, and its refusal (or the error of a malformed
 * range, which then refuses every address) is wrapped as `isDeniedIP: Error: …`; any other entry
 * matches only the address written exactly as it is.
 * @example
 * denyListRefusal("203.0.113.9", ["203.0.113.0/24"]); // "isDeniedIP: Error: Access to this host is denied by policy."
 */
export function denyListRefusal(address: string, entries: readonly string[]): string | undefined {
  const parsed = ipaddr.parse(address);
  for (const entry of entries) {
    if (entry.includes("/")) {
      const refusal = rangeRefusal(parsed, entry);
      if (refusal !== undefined) return refusal;
    } else if (address === entry) return FLOWISE_DENIED;
  }
  return undefined;
}

function rangeRefusal(address: ipaddr.IPv4 | ipaddr.IPv6, entry: string): string | undefined {
  try {
    const range = ipaddr.parse(entry.split("/")[0] ?? "");
    if (address.kind() !== range.kind()) return undefined;
    return address.match(ipaddr.parseCIDR(entry)) ? `isDeniedIP: Error: ${FLOWISE_DENIED}` : undefined;
  } catch (error) {
    return `isDeniedIP: ${String(error)}`;
  }
}
