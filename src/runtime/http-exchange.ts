import type { ToolRequest, ToolResponse } from "./tool-result.js";

/** Decodes as node-fetch's `text()` does (Flowise's request tools): a leading UTF-8 BOM kept. */
const BOM_KEEPING_DECODER = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Reads a fetch `Response` into the plain record a `ToolResult` carries, its body as `text()` gives it
 * or, with `keepBom`, as node-fetch (Flowise's request tools) gives it.
 */
export async function readToolResponse(
  response: Response,
  options: { keepBom?: boolean } = {},
): Promise<ToolResponse> {
  const body = options.keepBom
    ? BOM_KEEPING_DECODER.decode(await response.arrayBuffer())
    : await response.text();
  return toolResponseOf(response, body);
}

/** The record of a `Response` whose body has been read as `body`. */
export function toolResponseOf(response: Response, body: string): ToolResponse {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers),
    body,
  };
}

/** The `RequestInit` for a tool request. */
export function toRequestInit(
  request: ToolRequest,
  signal: AbortSignal | undefined,
  redirect?: RequestRedirect,
): RequestInit {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined) init.body = request.body;
  if (signal) init.signal = signal;
  if (redirect) init.redirect = redirect;
  return init;
}

/** Whether a header is set, whatever its case. */
export function hasHeader(headers: Record<string, string>, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(headers).some((key) => key.toLowerCase() === lower);
}
