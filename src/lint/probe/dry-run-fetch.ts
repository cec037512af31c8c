import { type FetchLike, isInProcessFetch, markInProcess } from "../../net/fetch-like.js";
import { networkFetch } from "../../net/network-fetch.js";

/** A request a dry run caught instead of sending: where the call was going, and with which headers. */
export interface CaughtRequest {
  method: string;
  url: string;
  headers: Headers;
}

/** A probe's fetch with a switch: sends as the runtime would, or catches what a call would send. */
export interface DryRunFetch {
  /** The fetch to build tools with; it answers in-process exactly where the inner one does. */
  fetch: FetchLike;
  /**
   * Runs `call` with nothing sent: the first request it would have sent, after the outbound guard
   * (built into the tools) let it through; undefined when the call sends nothing (invalid arguments, a
   * refused host).
   */
  dryRun(call: () => Promise<unknown>): Promise<CaughtRequest | undefined>;
}

class CaughtError extends Error {}

/**
 * A fetch a probe can run a tool through without sending anything: a write to a real service is
 * looked at before it is made (which item it acts on, with which credentials), so that the probe can
 * make that item first and remove it after. Dry runs are taken one at a time, as the probes run.
 * @example
 * const probeFetch = createDryRunFetch(runtime.fetch);
 * const tools = await createTool(config, { ...runtime, fetch: probeFetch.fetch });
 * const request = await probeFetch.dryRun(() => tools[0]!.invoke(args));
 */
export function createDryRunFetch(inner: FetchLike | undefined): DryRunFetch {
  const send: FetchLike = inner ?? networkFetch;
  let caught: CaughtRequest[] | undefined;
  const fetch: FetchLike = async (input, init) => {
    if (caught === undefined) return send(input, init);
    caught.push(describeRequest(input, init));
    throw new CaughtError("not sent: a dry run");
  };
  return {
    fetch: markInProcess(fetch, (url) => isInProcessFetch(send, url)),
    async dryRun(call) {
      const requests: CaughtRequest[] = [];
      caught = requests;
      try {
        await call();
      } catch {
        // A call that throws sent nothing more than what was caught.
      } finally {
        caught = undefined;
      }
      return requests[0];
    },
  };
}

function describeRequest(input: string | URL | Request, init: RequestInit | undefined): CaughtRequest {
  const request = input instanceof Request ? input : undefined;
  return {
    method: (init?.method ?? request?.method ?? "GET").toUpperCase(),
    url: request ? request.url : String(input),
    headers: new Headers(init?.headers ?? request?.headers),
  };
}
