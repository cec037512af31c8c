import { type FetchLike, isInProcessFetch } from "../../net/fetch-like.js";
import { startDeadline } from "../call-deadline.js";
import { readToolResponse } from "../http-exchange.js";
import type { ToolRequest, ToolResponse } from "../tool-result.js";

export type Sent = { ok: true; response: ToolResponse } | { ok: false; error: string };

/**
 * Sends a built request through the injected fetch and reads the whole answer. A timeout (when given)
 * or the caller's signal aborts it (in-process, both are raced instead: see `startDeadline`); failures
 * come back as text, never as exceptions.
 */
export async function sendRequest(
  fetch: FetchLike,
  request: ToolRequest & { payload?: BodyInit },
  options: { timeoutMs?: number | undefined; signal?: AbortSignal | undefined } = {},
): Promise<Sent> {
  // A limit of 0 is none, as it always was here.
  const timeoutMs = options.timeoutMs || undefined;
  const deadline = startDeadline(timeoutMs, options.signal, isInProcessFetch(fetch, request.url));
  const init: RequestInit = { method: request.method, headers: request.headers };
  const payload = request.payload ?? request.body;
  if (payload !== undefined) init.body = payload;
  if (deadline.signal) init.signal = deadline.signal;
  try {
    return { ok: true, response: await deadline.race(fetchAndRead(fetch, request.url, init)) };
  } catch (cause) {
    return { ok: false, error: describeFailure(cause, options.timeoutMs) };
  } finally {
    deadline.clear();
  }
}

async function fetchAndRead(fetch: FetchLike, url: string, init: RequestInit): Promise<ToolResponse> {
  return toToolResponse(await fetch(url, init));
}

export async function toToolResponse(response: Response): Promise<ToolResponse> {
  const read = await readToolResponse(response);
  // In-process answers (Hono, the emulators) carry no reason phrase; HTTP/1.1 would have sent one.
  if (!read.statusText) read.statusText = await reasonPhrase(response.status);
  return read;
}

function describeFailure(cause: unknown, timeoutMs: number | undefined): string {
  const error = cause as Error;
  if (error?.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  if (error?.name === "AbortError") return "the call was aborted";
  const detail = (error?.cause as Error | undefined)?.message;
  return detail ? `${error.message} (${detail})` : String(error?.message ?? cause);
}

let statusCodes: Record<number, string | undefined> | undefined;

/** The reason phrase HTTP/1.1 sends for a status; node:http is loaded on the first one missing. */
async function reasonPhrase(status: number): Promise<string> {
  statusCodes ??= (await import("node:http")).STATUS_CODES;
  return statusCodes[status] ?? "";
}
