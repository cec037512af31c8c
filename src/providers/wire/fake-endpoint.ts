import type { FetchLike } from "../../net/fetch-like.js";

/**
 * Where a captured client is pointed: a loopback address on the discard port. Clients given an
 * injected fetch never open a socket to it; the address only makes any other path look local.
 */
export const FAKE_ORIGIN = "http://127.0.0.1:9";

/** One request a client sent to the fake endpoint. */
export interface RecordedRequest {
  /** `POST /v1/messages`. */
  endpoint: string;
  body: Record<string, unknown>;
}

/** A fetch that records what a client sends and answers each with the provider's minimal reply. */
export interface RecordingFetch {
  fetch: FetchLike;
  requests: RecordedRequest[];
}

/**
 * A fetch for a provider client (OpenAI's and Anthropic's SDKs take one): it answers requests to
 * `FAKE_ORIGIN` with `reply` and refuses any other URL, so nothing a capture does leaves the process.
 */
export function createRecordingFetch(reply: unknown): RecordingFetch {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== FAKE_ORIGIN)
      throw new TypeError(`tooldeck's capture sends nothing beyond ${FAKE_ORIGIN}: refused ${url.origin}`);
    requests.push({ endpoint: `${request.method} ${url.pathname}`, body: parseBody(await request.text()) });
    return Response.json(reply);
  };
  return { fetch, requests };
}

/** A request body as an object: every provider API here takes a JSON object. */
export function parseBody(text: string): Record<string, unknown> {
  const body: unknown = JSON.parse(text);
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : { body };
}
