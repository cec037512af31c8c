import { FLOWISE_DENIED, isPrivateHost, type ResolveHost } from "../host-policy.js";
import { readToolResponse, toRequestInit } from "../http-exchange.js";
import type { FetchLike } from "../runtime-options.js";
import type { ToolRequest, ToolResponse, ToolResult } from "../tool-result.js";

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FlowiseSendOptions {
  fetch: FetchLike;
  httpSecurityCheck: boolean;
  resolveHost?: ResolveHost;
  maxOutputLength?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Sends a request as Flowise 3.1's request tools do: every hop checked against the private-host policy,
 * redirects followed by hand (at most 5; 301/302/303 become a body-less GET), no timeout; a non-2xx
 * answer fails with `Failed to make <METHOD> request: HTTP Error <status>: <statusText>` and its body
 * is never shown; success is the raw text cut to the max output length, with no marker.
 */
export async function sendLikeFlowise(
  request: ToolRequest,
  options: FlowiseSendOptions,
): Promise<ToolResult> {
  const failure = (message: string, response?: ToolResponse): ToolResult => {
    const output = `Failed to make ${request.method} request: ${message}`;
    return { ok: false, output, error: output, request, ...(response ? { response } : {}) };
  };
  let current = request;
  try {
    for (let hop = 0; ; hop++) {
      if (options.httpSecurityCheck && (await isPrivateHost(new URL(current.url), options.resolveHost))) {
        return failure(FLOWISE_DENIED);
      }
      const raw = await options.fetch(current.url, {
        ...toRequestInit(current, options.signal),
        redirect: "manual",
      });
      const location = raw.headers.get("location");
      if (REDIRECTS.has(raw.status) && location) {
        if (hop >= MAX_REDIRECTS) return failure("Too many redirects");
        current = redirected(current, raw.status, new URL(location, current.url).toString());
        continue;
      }
      const response = await readToolResponse(raw);
      if (!raw.ok) return failure(`HTTP Error ${response.status}: ${response.statusText}`, response);
      const output = response.body.slice(0, options.maxOutputLength ?? Number.POSITIVE_INFINITY);
      return { ok: true, output, request, response };
    }
  } catch (error) {
    return failure(error instanceof Error ? error.message : "Unknown error");
  }
}

function redirected(request: ToolRequest, status: number, url: string): ToolRequest {
  if (status === 307 || status === 308) return { ...request, url };
  const { body: _dropped, ...rest } = request;
  return { ...rest, method: "GET", url };
}
