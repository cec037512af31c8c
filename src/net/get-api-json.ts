import { ToolDeckError } from "../errors.js";
import { maskUrlCredentials } from "../secrets/url-credentials.js";
import { readStreamWithin } from "./read-stream-within.js";

/** How one API's answers are read: its request headers and how its refusals are worded. */
export interface ApiJsonRequest {
  headers: Record<string, string>;
  /** Default: the global `fetch`. Called with `redirect: "manual"`: redirects are followed here. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** The refusal of a non-2xx answer (`401 Unauthorized (the API key was refused)`), from its body text. */
  refusal(response: Response, text: string): string;
  /** What to say of an answer that is not JSON: which server was expected. */
  notJson: string;
  /** Put before the URL in every error (`Flowise`). */
  label?: string;
  /** The largest answer read, in bytes: a longer one is refused as it arrives, never held whole. Default: no bound. */
  maxBytes?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Fetch's own limit on redirects. */
const MAX_REDIRECTS = 20;

/**
 * The JSON a platform's REST API answers `GET url` with, read as any HTTP client would: a network
 * failure, a refusal and an answer that is not JSON are each one `ToolDeckError("load", …)` naming the URL
 * (its `user:password` masked). Redirects are followed by hand and only within the URL's origin: the
 * headers carry the API key, and a server that sends it elsewhere is refused before anything goes there.
 * @example
 * await getApiJson("http://localhost:5678/api/v1/workflows", { headers, refusal, notJson: "is this an n8n server?" });
 */
export async function getApiJson(url: string, request: ApiJsonRequest): Promise<unknown> {
  const fail = (message: string, cause?: unknown) =>
    new ToolDeckError(
      "load",
      maskUrlCredentials(`${request.label ? `${request.label} ` : ""}${url}: ${message}`),
      cause === undefined ? undefined : { cause },
    );
  const response = await getFollowingSameOrigin(url, request, fail);
  const text = await answerText(response, request.maxBytes);
  if (text === undefined) throw fail(`the answer is over ${request.maxBytes} bytes: not read`);
  if (!response.ok) throw fail(request.refusal(response, text));
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw fail(`the answer is not JSON (${request.notJson})`, cause);
  }
}

/** The answer's text, or undefined when it passes `maxBytes`. */
async function answerText(response: Response, maxBytes: number | undefined): Promise<string | undefined> {
  if (maxBytes === undefined || response.body === null) return response.text();
  return (await readStreamWithin(response.body, maxBytes))?.toString("utf8");
}

async function getFollowingSameOrigin(
  url: string,
  request: ApiJsonRequest,
  fail: (message: string, cause?: unknown) => ToolDeckError,
): Promise<Response> {
  let hop = url;
  for (let count = 0; ; count++) {
    let response: Response;
    try {
      response = await (request.fetch ?? fetch)(
        new Request(hop, { headers: request.headers, redirect: "manual" }),
      );
    } catch (cause) {
      throw fail(
        (cause as Error)?.name === "OutboundRefusedError"
          ? (cause as Error).message
          : `cannot connect (${networkReason(cause)})`,
        cause,
      );
    }
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || location === null) return response;
    await response.body?.cancel();
    const next = new URL(location, hop);
    if (next.origin !== new URL(url).origin)
      throw fail(
        `redirected to ${next.origin}, another origin: not followed (the API key goes only to ${new URL(url).origin})`,
      );
    if (count >= MAX_REDIRECTS) throw fail(`more than ${MAX_REDIRECTS} redirects`);
    hop = next.href;
  }
}

/** undici reports "fetch failed" and puts the reason (ECONNREFUSED …) in `cause`. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
