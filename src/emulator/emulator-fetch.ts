import { type FetchLike, isInProcessFetch, markInProcess } from "../net/fetch-like.js";
import type { ResolveHost } from "../net/resolve-host.js";
import { markNeverResolves, resolveWithDns } from "../net/resolve-host.js";
import type { FetchHandler } from "./serve.js";

export interface EmulatorFetch {
  /** Answers requests to the emulators' origins in-process; every other URL goes to `fallback`. */
  fetch: FetchLike;
  /** DNS for the Flowise host check, except the emulators' origins, which have no address to judge. */
  resolveHost: ResolveHost;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/** `http://host:port` as written, lower-cased: the usual spelling of an origin, without parsing a URL. */
const WRITTEN_ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#@\\]*/i;

/**
 * The handler for a URL's origin. Tried first on the origin as written (a regex; `new URL` costs a
 * tenth of an in-process call), then on the parsed origin, which also catches `HTTP://HOST:80/`.
 */
function handlerFor(handlers: Map<string, FetchHandler>, url: string): FetchHandler | undefined {
  const written = WRITTEN_ORIGIN.exec(url)?.[0].toLowerCase();
  return (written !== undefined ? handlers.get(written) : undefined) ?? handlers.get(originOf(url));
}

/** The redirect modes: a fetch's instruction to itself, which a server never sees. */
const REDIRECT_MODES = new Set<unknown>(["follow", "manual", "error"]);

/**
 * Whether a `RequestInit` asks for nothing a bare `new Request(url)` (of a URL string: a Request's own
 * headers would be replaced) does not give the handler: a plain object whose only settings are
 * `method: "GET"`, an empty header record (what a request tool sends for a GET) and a redirect mode.
 * The mode is dropped: it tells the fetch whether to follow redirects, not the server anything, and
 * in-process no redirect is followed whatever it says (Flowise's tools ask for "manual").
 * Undici reads every member of an init it is given, which costs about as much as the rest of an
 * in-process GET's runtime work (bench/tool-calls-langchain).
 */
function asksOnlyForGet(init: RequestInit): boolean {
  if (Object.getPrototypeOf(init) !== Object.prototype) return false;
  for (const key of Object.keys(init)) {
    const value = (init as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (key === "method" && value === "GET") continue;
    if (key === "headers" && isEmptyRecord(value)) continue;
    if (key === "redirect" && REDIRECT_MODES.has(value)) continue;
    return false;
  }
  return true;
}

function isEmptyRecord(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return false;
  for (const _key in value) return false;
  return true;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * A `fetch` that serves some origins from in-process handlers (the embedded emulators) and sends the
 * rest over the network, so a tool config pointing at `{{$vars.base_url}}` runs the same against the
 * emulator and against a real service.
 * @example
 * const { fetch } = createEmulatorFetch({ [EVENT_SERVICE_ORIGIN]: createEventService().fetch });
 */
export function createEmulatorFetch(
  routes: Record<string, FetchHandler>,
  fallback: FetchLike = globalThis.fetch,
  resolveFallback: ResolveHost = resolveWithDns,
): EmulatorFetch {
  const handlers = new Map(
    Object.entries(routes).map(([origin, handler]) => [new URL(origin).origin, handler]),
  );
  const hosts = new Set([...handlers.keys()].map((origin) => new URL(origin).hostname));
  // A tool asks whether its URL is answered in-process, then fetches it: the second lookup is the first's.
  let lastUrl: string | undefined;
  let lastHandler: FetchHandler | undefined;
  const lookup = (url: string) => {
    if (url !== lastUrl) {
      lastHandler = handlerFor(handlers, url);
      lastUrl = url;
    }
    return lastHandler;
  };
  // A fallback that answers in-process too (a spec emulator standing in for every other host) keeps
  // those requests off the network and out of DNS.
  const answersInProcess = (url: string) => lookup(url) !== undefined || isInProcessFetch(fallback, url);
  return {
    fetch: markInProcess(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const handler = lookup(url);
      if (!handler) return fallback(input, init);
      // In-process there is no socket to cancel: the signal is honoured by racing it, not by handing it
      // to Request (which costs a linked AbortSignal per call).
      if (!init?.signal) {
        const bare = typeof input === "string" && init !== undefined && asksOnlyForGet(init);
        return handler(new Request(input, bare ? undefined : init));
      }
      const { signal, ...rest } = init;
      signal.throwIfAborted();
      return raceAbort(Promise.resolve(handler(new Request(input, rest))), signal);
    }, answersInProcess),
    // The emulators' own host names are never looked up, and say so (the Flowise host check skips the call).
    resolveHost: markNeverResolves(
      async (hostname) =>
        hosts.has(hostname) || isInProcessFetch(fallback, `http://${hostname}/`)
          ? undefined
          : resolveFallback(hostname),
      (hostname) => hosts.has(hostname),
    ),
  };
}
