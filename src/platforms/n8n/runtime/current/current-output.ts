import type { ToolResponse } from "../../../../runtime/tool-result.js";
import { statusSentence } from "../n8n-error-text.js";
import { N8nNodeError } from "../node-failure.js";
import { type OptimizeSettings, optimizeHtml, optimizeJson, optimizeText } from "../optimize-response.js";
import type { ResponseOptions } from "./build-current-request.js";

const NOT_JSON = 'Response body is not valid JSON. Change "Response Format" to "Text"';

/**
 * The items the current node outputs for an answer (reference section 4): the JSON body's object, one
 * item per element of a JSON array, a text body under `data`, `{}` for an empty body, the whole answer
 * with Full Response, its `headers` as the HTTP client shows them (in the server's order); a non-2xx
 * answer throws its status sentence (fact 28) unless Never Error is set.
 */
export function currentItems(
  response: ToolResponse,
  options: ResponseOptions,
  optimize: OptimizeSettings | undefined,
  headers: Record<string, string | string[]> = response.headers,
): unknown[] {
  if ((response.status < 200 || response.status >= 300) && !options.neverError) {
    throw new N8nNodeError(statusSentence(response.status));
  }
  const body = readBody(response, options);
  if (options.fullResponse) {
    return [{ body, headers, statusCode: response.status, statusMessage: response.statusText }];
  }
  if (optimize !== undefined) return optimized(body, optimize, options);
  if (body === undefined) return [{}];
  if (Array.isArray(body)) return body;
  if (typeof body === "object" && body !== null) return [body];
  if (typeof body === "string") return [{ [options.outputPropertyName]: body }];
  throw new N8nNodeError(NOT_JSON);
}

function optimized(body: unknown, settings: OptimizeSettings, options: ResponseOptions): unknown[] {
  if (settings.responseType === "json") return optimizeJson(body, settings);
  if (settings.responseType === "html") optimizeHtml();
  return [{ [options.outputPropertyName]: optimizeText(body, settings) }];
}

/**
 * The body as the node reads it: JSON when the answer says JSON (or the format asks for it), a JSON
 * scalar refused (fact 26), text otherwise; an empty body is no body.
 */
function readBody(response: ToolResponse, options: ResponseOptions): unknown {
  if (response.body === "") return undefined;
  const contentType =
    Object.entries(response.headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  const wantsJson =
    options.format === "json" || (options.format === "autodetect" && /[/+]json\b/i.test(contentType));
  if (!wantsJson) return response.body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    if (options.format === "json") throw new N8nNodeError(NOT_JSON);
    return response.body;
  }
  if (typeof parsed !== "object" || parsed === null) throw new N8nNodeError(NOT_JSON);
  return parsed;
}
