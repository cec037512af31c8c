import type { HttpNodeConfig } from "../../config/http-node-config.js";
import { type FetchLike, isInProcessFetch } from "../../net/fetch-like.js";
import { startDeadline } from "../call-deadline.js";
import { toRequestInit } from "../http-exchange.js";
import { withOutboundPolicy } from "../outbound/with-outbound-policy.js";
import { privateHostRefusal } from "../profiles/private-host-refusal.js";
import { toolProfileOf } from "../profiles/tool-profile-of.js";
import type { ToolRuntimeOptions } from "../runtime-options.js";
import { sanitizeToolName } from "../tool-name.js";
import type { ExecutableTool, ToolRequest, ToolResponse, ToolResult } from "../tool-result.js";
import { buildHttpRequest } from "./build-http-request.js";
import { describeHttpNodeError } from "./describe-http-node-error.js";
import { readHttpData } from "./read-http-data.js";

/** What an HTTP node outputs (Flowise: the node's `output`), serialised as the tool result's `output`. */
export interface HttpNodeOutput {
  http: { data: unknown; status: number; statusText: string; headers: Record<string, string> };
}

const NO_ARGUMENTS = { type: "object", properties: {}, additionalProperties: false };

/**
 * An HTTP node as an executable step: it takes no arguments and sends its fixed request. As in Flowise,
 * a 4xx/5xx answer is not a failure: the result is ok and its output is `{"http":{data,status,statusText,headers}}`.
 * It fails only when the request cannot be built or sent; the error then carries the server's `message`
 * or `error` field when the thrown error has a response (axios, ofetch).
 * @example
 * const patch = createHttpNode({ kind: "http", method: "PATCH", url: "{{$vars.base_url}}/events/1", ... }, { fetch, vars });
 * const result = await patch.invoke({}); // JSON.parse(result.output).http.status === 200
 */
export function createHttpNode(config: HttpNodeConfig, runtime: ToolRuntimeOptions = {}): ExecutableTool {
  const options = withOutboundPolicy(runtime);
  const refuses = privateHostRefusal(toolProfileOf(options.profile), options);
  return {
    name: sanitizeToolName(config.name),
    description: config.description,
    inputSchema: NO_ARGUMENTS,
    endpoint: { method: config.method, url: config.url },
    async invoke(_args, callOptions = {}) {
      const built = buildHttpRequest(config, options);
      if (!built.ok) return { ok: false, output: built.error, error: built.error };
      const refusal = await refuses(new URL(built.request.url));
      if (refusal) return { ok: false, output: refusal, error: refusal, request: built.request };
      return send(built.request, config, options, callOptions.signal);
    },
  };
}

async function send(
  request: ToolRequest,
  config: HttpNodeConfig,
  options: ToolRuntimeOptions,
  outer: AbortSignal | undefined,
): Promise<ToolResult> {
  const fetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = toolProfileOf(options.profile).httpNode.timeoutMs(options.timeoutMs);
  const deadline = startDeadline(timeoutMs, outer, isInProcessFetch(fetch, request.url));
  try {
    const { raw, bytes } = await deadline.race(fetchBytes(fetch, request, deadline.signal));
    const response: ToolResponse = {
      status: raw.status,
      statusText: raw.statusText,
      headers: Object.fromEntries(raw.headers),
      body: new TextDecoder().decode(bytes),
    };
    const output: HttpNodeOutput = {
      http: {
        data: readHttpData(bytes, config.responseType),
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      },
    };
    return { ok: true, output: JSON.stringify(output), request, response };
  } catch (error) {
    const message = describeHttpNodeError(error);
    return {
      ok: false,
      output: message,
      error: `${request.method} ${request.url} failed: ${message}`,
      request,
    };
  } finally {
    deadline.clear();
  }
}

async function fetchBytes(fetch: FetchLike, request: ToolRequest, signal: AbortSignal | undefined) {
  const raw = await fetch(request.url, toRequestInit(request, signal));
  return { raw, bytes: new Uint8Array(await raw.arrayBuffer()) };
}
