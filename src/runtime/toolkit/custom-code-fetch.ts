import { z } from "zod";
import type { FetchLike } from "../../net/fetch-like.js";
import { readStreamWithin } from "../../net/read-stream-within.js";
import type { GuestFetchAnswer } from "../sandbox/guest-fetch.js";
import type { HostFunction } from "../sandbox/run-in-sandbox.js";

/** Fetches one run of Custom Code may make. */
export const MAX_CUSTOM_CODE_FETCHES = 50;

/** The largest request or response body a fetch of Custom Code carries. */
export const MAX_CUSTOM_CODE_BODY_BYTES = 10 * 1024 * 1024;

const LIMIT_TEXT = `${MAX_CUSTOM_CODE_BODY_BYTES / 1024 / 1024} MiB`;

/** What the guest's fetch sends (`GuestFetchRequest`), checked again here: it comes from untrusted code. */
const GuestFetchRequestSchema = z.object({
  url: z.string(),
  method: z.string().optional(),
  headers: z.record(z.string(), z.string()),
  body: z.string().optional(),
});

/**
 * The host's side of the code's fetches, for one run: each request is sent through `fetch` (the
 * toolkit's, so every guard on it applies) with the run's signal, and answered with the body read
 * whole as text. Throws, with a message for the code, past the fetch count or a body limit.
 */
export function createCustomCodeFetcher(fetch: FetchLike): HostFunction {
  let count = 0;
  return async (value, signal): Promise<GuestFetchAnswer> => {
    count += 1;
    if (count > MAX_CUSTOM_CODE_FETCHES)
      throw new Error(`custom code may fetch at most ${MAX_CUSTOM_CODE_FETCHES} times per call`);
    const parsed = GuestFetchRequestSchema.safeParse(value);
    if (!parsed.success) throw new Error("custom code's fetch sent a request that is not one");
    const { url, headers, body } = parsed.data;
    const method = (parsed.data.method ?? "GET").toUpperCase();
    if (body !== undefined && Buffer.byteLength(body) > MAX_CUSTOM_CODE_BODY_BYTES)
      throw new Error(`custom code's request body to ${url} is over ${LIMIT_TEXT}`);
    const init: RequestInit = { method, headers, signal };
    if (body !== undefined) init.body = body;
    const response = await fetch(url, init);
    const answer = response.body
      ? await readStreamWithin(response.body, MAX_CUSTOM_CODE_BODY_BYTES)
      : Buffer.alloc(0);
    if (!answer) throw new Error(`the answer of ${method} ${url} is over ${LIMIT_TEXT}`);
    return {
      url: response.url || url,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: answer.toString("utf8"),
    };
  };
}
