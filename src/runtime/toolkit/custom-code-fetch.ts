import type { FetchLike } from "../../net/fetch-like.js";
import { readStreamWithin } from "../../net/read-stream-within.js";
import type { FetchAnswer, FetchMessage } from "./custom-code-protocol.js";

/** Fetches one run of Custom Code may make. */
export const MAX_CUSTOM_CODE_FETCHES = 50;

/** The largest request or response body a fetch of Custom Code carries. */
export const MAX_CUSTOM_CODE_BODY_BYTES = 10 * 1024 * 1024;

const LIMIT_TEXT = `${MAX_CUSTOM_CODE_BODY_BYTES / 1024 / 1024} MiB`;

/**
 * The parent's side of the code's fetches: each request of the child is sent through `fetch` (the
 * toolkit's, so every guard on it applies) with the run's signal, and answered with the body read
 * whole as text. Throws, with a message for the code, past the fetch count or a body limit.
 */
export function createCustomCodeFetcher(fetch: FetchLike, signal: AbortSignal) {
  let count = 0;
  return async (message: FetchMessage): Promise<FetchAnswer> => {
    count += 1;
    if (count > MAX_CUSTOM_CODE_FETCHES)
      throw new Error(`custom code may fetch at most ${MAX_CUSTOM_CODE_FETCHES} times per call`);
    const method = (message.method ?? "GET").toUpperCase();
    if (message.body !== undefined && Buffer.byteLength(message.body) > MAX_CUSTOM_CODE_BODY_BYTES)
      throw new Error(`custom code's request body to ${message.url} is over ${LIMIT_TEXT}`);
    const init: RequestInit = { method, headers: message.headers, signal };
    if (message.body !== undefined) init.body = message.body;
    const response = await fetch(message.url, init);
    const body = response.body
      ? await readStreamWithin(response.body, MAX_CUSTOM_CODE_BODY_BYTES)
      : Buffer.alloc(0);
    if (!body) throw new Error(`the answer of ${method} ${message.url} is over ${LIMIT_TEXT}`);
    return {
      url: response.url || message.url,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: body.toString("utf8"),
    };
  };
}
