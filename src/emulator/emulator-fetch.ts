import { type FetchLike, isInProcessFetch, markInProcess } from "../net/fetch-like.js";
import { networkFetch } from "../net/network-fetch.js";
import type { ResolveHost } from "../net/resolve-host.js";
import { markNeverResolves, resolveWithDns } from "../net/resolve-host.js";
import type { FetchHandler } from "./serve.js";

/** A fetch answering some origins in-process, and the DNS its tools' host checks use. */
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
 * const { fetch } = createEmulatorFetch({ "http://localhost:5566": createEventService().fetch });
 */
export function createEmulatorFetch(
  routes: Record<string, FetchHandler>,
  fallback: FetchLike = networkFetch,
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
      lastHandler = handlers.get(originOf(url));
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
      if (!init?.signal) return handler(new Request(input, init));
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
