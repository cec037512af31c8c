import type { ToolRequest, ToolResponse } from "./tool-result.js";

/** Reads a fetch `Response` into the plain record a `ToolResult` carries. */
export async function readToolResponse(response: Response): Promise<ToolResponse> {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  };
}

/** The `RequestInit` for a tool request. */
export function toRequestInit(request: ToolRequest, signal: AbortSignal | undefined): RequestInit {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined) init.body = request.body;
  if (signal) init.signal = signal;
  return init;
}

/** Whether a header is set, whatever its case. */
export function hasHeader(headers: Record<string, string>, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(headers).some((key) => key.toLowerCase() === lower);
}
