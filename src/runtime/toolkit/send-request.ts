import type { FetchLike } from "../../net/fetch-like.js";
import type { ToolRequest, ToolResponse } from "../tool-result.js";

export type Sent = { ok: true; response: ToolResponse } | { ok: false; error: string };

/**
 * Sends a built request through the injected fetch and reads the whole answer. A timeout (when given)
 * or the caller's signal aborts it; failures come back as text, never as exceptions.
 */
export async function sendRequest(
  fetch: FetchLike,
  request: ToolRequest & { payload?: BodyInit },
  options: { timeoutMs?: number | undefined; signal?: AbortSignal | undefined } = {},
): Promise<Sent> {
  const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined];
  const active = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  const init: RequestInit = { method: request.method, headers: request.headers };
  const payload = request.payload ?? request.body;
  if (payload !== undefined) init.body = payload;
  if (active.length > 0) init.signal = AbortSignal.any(active);
  try {
    const response = await fetch(request.url, init);
    return { ok: true, response: await toToolResponse(response) };
  } catch (cause) {
    return { ok: false, error: describeFailure(cause, options.timeoutMs) };
  }
}

export async function toToolResponse(response: Response): Promise<ToolResponse> {
  return {
    status: response.status,
    // In-process answers (Hono, the emulators) carry no reason phrase; HTTP/1.1 would have sent one.
    statusText: response.statusText || (await reasonPhrase(response.status)),
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  };
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
