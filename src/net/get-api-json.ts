import { ToolDeckError } from "../errors.js";

/** How one API's answers are read: its request headers and how its refusals are worded. */
export interface ApiJsonRequest {
  headers: Record<string, string>;
  /** Default: the global `fetch`. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** The refusal of a non-2xx answer (`401 Unauthorized (the API key was refused)`), from its body text. */
  refusal(response: Response, text: string): string;
  /** What to say of an answer that is not JSON: which server was expected. */
  notJson: string;
}

/**
 * The JSON a platform's REST API answers `GET url` with, read as any HTTP client would: a network
 * failure, a refusal and an answer that is not JSON are each one `ToolDeckError("load", …)` naming the URL.
 * @example
 * await getApiJson("http://localhost:5678/api/v1/workflows", { headers, refusal, notJson: "is this an n8n server?" });
 */
export async function getApiJson(url: string, request: ApiJsonRequest): Promise<unknown> {
  const fail = (message: string, cause?: unknown) =>
    new ToolDeckError("load", `${url}: ${message}`, cause === undefined ? undefined : { cause });
  let response: Response;
  try {
    response = await (request.fetch ?? fetch)(new Request(url, { headers: request.headers }));
  } catch (cause) {
    throw fail(`cannot connect (${networkReason(cause)})`, cause);
  }
  const text = await response.text();
  if (!response.ok) throw fail(request.refusal(response, text));
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw fail(`the answer is not JSON (${request.notJson})`, cause);
  }
}

/** undici reports "fetch failed" and puts the reason (ECONNREFUSED …) in `cause`. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
