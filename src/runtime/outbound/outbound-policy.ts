import { ToolDeckError } from "../../errors.js";

/**
 * Where tooldeck may send a request when configs are not trusted (docs/security.md): the embedded
 * emulators (answered in-process), the hosts the user named, and writes only when the user said so.
 */
export interface OutboundPolicy {
  /** `host:port` or bare host names: `--base-url`'s host and every `--allow-host`. */
  allowedHosts: readonly string[];
  /** POST, PUT, PATCH, DELETE (any method but GET, HEAD, OPTIONS) to a real service. */
  allowWrites: boolean;
}

/** What the user named: the service to send to (`--base-url`), more hosts (`--allow-host`), writes. */
export interface NamedHosts {
  baseUrl?: string | undefined;
  allowHosts?: readonly string[] | undefined;
  allowWrites?: boolean | undefined;
}

/**
 * Where requests may go: `baseUrl`'s host and every `allowHosts` host; writes to them with
 * `allowWrites`. The embedded emulators are always reachable (docs/security.md).
 * @example
 * toOutboundPolicy({ baseUrl: "http://127.0.0.1:8080" }); // { allowedHosts: ["127.0.0.1:8080"], allowWrites: false }
 */
export function toOutboundPolicy(named: NamedHosts): OutboundPolicy {
  const hosts = [...(named.allowHosts ?? [])];
  if (named.baseUrl !== undefined) hosts.push(baseUrlHost(parseBaseUrl(named.baseUrl)));
  // A host named twice (--allow-host and --base-url's) is listed once.
  return { allowedHosts: [...new Set(hosts)], allowWrites: named.allowWrites ?? false };
}

/**
 * `--base-url`'s host with its port always written (`127.0.0.1:80` for `http://127.0.0.1`): a bare
 * name would let every port of that machine through, other services on it included.
 */
export function baseUrlHost(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;
}

/** `--base-url` (or another flag naming a service: `--target`) as a URL; anything but http(s) is a usage error. */
export function parseBaseUrl(value: string, flag = "--base-url"): URL {
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // reported below
  }
  throw new ToolDeckError("usage", `${flag} must be an http(s) URL, got '${value}'`);
}

/** A request the outbound policy refuses; nothing was sent. */
export class OutboundRefusedError extends Error {
  override readonly name = "OutboundRefusedError";
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Why a request to a real (not in-process) URL is refused, or undefined when the policy allows it.
 * Only http(s) is ever sent; a host must be named; a write needs `allowWrites`.
 */
export function refusalFor(url: URL, method: string, policy: OutboundPolicy): string | undefined {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `refused: ${url.protocol} URLs are never fetched`;
  }
  if (!isNamedHost(url, policy.allowedHosts)) {
    return `refused: host ${url.host} is not allowed (tooldeck calls only the embedded emulators, --base-url's host and --allow-host hosts; allow it with --allow-host ${url.host})`;
  }
  if (!policy.allowWrites && !READ_METHODS.has(method.toUpperCase())) {
    return `refused: ${method.toUpperCase()} to ${url.host}: writes to a real service need --allow-writes`;
  }
  return undefined;
}

/**
 * Whether a URL's `host:port`, or its bare host name, is one of the named hosts (case aside; an IPv6
 * host with or without its brackets). A name with a port matches that port only, the scheme's default
 * port written out too (`127.0.0.1:80` is `http://127.0.0.1/`); a bare name matches every port.
 */
export function isNamedHost(url: URL, hosts: readonly string[]): boolean {
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  const unbracketed = hostname.replace(/^\[|\]$/g, "");
  const withPort = `${hostname}:${url.port || DEFAULT_PORTS[url.protocol] || ""}`;
  return hosts.some((named) => {
    const wanted = named.toLowerCase();
    return wanted === host || wanted === hostname || wanted === unbracketed || wanted === withPort;
  });
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };
