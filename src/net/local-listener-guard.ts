/**
 * The address a local server listens on, which decides the `Host` and `Origin` it takes: on a loopback
 * address only loopback ones (DNS rebinding: a web page whose name now resolves to 127.0.0.1 sends its
 * own `Host`; MCP's Streamable HTTP security warning says the same).
 */
export interface LocalListener {
  /** The address listened on: `127.0.0.1`, `localhost`, `::1`, or another (then `Host` is not judged). */
  host: string;
  /** The port listened on, when known: a loopback `Host` must then name it too. */
  port?: number | undefined;
}

/**
 * Why a request's `Host` is refused, or undefined when it is the listener's: on a loopback listener,
 * a `Host` that is not loopback (or, with `port`, names another port).
 * @example
 * hostRefusal(request, { host: "127.0.0.1", port: 4030 }); // "Host evil.example:4030 is not this machine (DNS rebinding?)"
 */
export function hostRefusal(request: Request, listener: LocalListener): string | undefined {
  if (!isLoopbackHost(listener.host)) return undefined;
  // A Request made in-process has no Host header: it goes where its URL says.
  const host = request.headers.get("host") ?? new URL(request.url).host;
  const named = hostParts(host);
  if (!named || !isLoopbackHost(named.hostname)) return `Host ${host} is not this machine (DNS rebinding?)`;
  if (listener.port !== undefined && named.port !== String(listener.port))
    return `Host ${host} is not this server's (port ${listener.port})`;
  return undefined;
}

/**
 * Why a request's `Origin` is refused, or undefined when it has none or may call: on a loopback
 * listener only a loopback origin (a page of this machine), elsewhere only the request's own host.
 */
export function originRefusal(request: Request, listener: LocalListener): string | undefined {
  const origin = request.headers.get("origin");
  if (origin === null) return undefined;
  const from = hostParts(originHost(origin));
  const host = (request.headers.get("host") ?? "").toLowerCase();
  const allowed = isLoopbackHost(listener.host)
    ? from !== undefined && isLoopbackHost(from.hostname)
    : from !== undefined && from.host === host;
  return allowed ? undefined : `Origin ${origin} may not call this server`;
}

/** `localhost`, `::1` (bracketed or not) or any 127.x.x.x. */
export function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** `127.0.0.1:4020` → hostname `127.0.0.1`, port `4020`; `[::1]` → `[::1]`, port `""`. */
function hostParts(host: string): { host: string; hostname: string; port: string } | undefined {
  if (host === "") return undefined;
  try {
    const url = new URL(`http://${host}`);
    return { host: url.host, hostname: url.hostname, port: url.port };
  } catch {
    return undefined;
  }
}

function originHost(origin: string): string {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return "";
  }
}
