/**
 * The sentence n8n puts in place of an HTTP error (reference fact 28; `n8n-workflow`'s node-api.error
 * for the codes the harness did not see): never the body.
 */
const STATUS_SENTENCES: Record<string, string> = {
  "400": "Bad request - please check your parameters",
  "401": "Authorization failed - please check your credentials",
  "402": "Payment required - perhaps check your payment details?",
  "403": "Forbidden - perhaps check your credentials?",
  "404": "The resource you are requesting could not be found",
  "405": "Method not allowed - please check you are using the right HTTP method",
  "429": "The service is receiving too many requests from you",
  "500": "The service was not able to process your request",
  "502": "Bad gateway - the service failed to handle your request",
  "503":
    "Service unavailable - try again later or consider setting this node to retry automatically (in the node settings)",
  "504": "Gateway timed out - perhaps try again later?",
};
const OTHER_4XX = "Your request is invalid or could not be processed by the service";
const OTHER_5XX = "The service failed to process your request";

/**
 * What the model sees of a non-2xx answer from the current node: a fixed sentence per status, one for
 * the other 4xx (409, 422…) and one for the other 5xx; any other status keeps the HTTP client's message.
 * @example
 * statusSentence(404); // "The resource you are requesting could not be found"
 */
export function statusSentence(status: number): string {
  const sentence = STATUS_SENTENCES[String(status)];
  if (sentence !== undefined) return sentence;
  if (status >= 400 && status < 500) return OTHER_4XX;
  if (status >= 500 && status < 600) return OTHER_5XX;
  return `Request failed with status code ${status}`;
}

/** n8n's sentences for network failures, by error code (fact 29; `n8n-workflow`'s node.error). */
const NETWORK_SENTENCES: Record<string, string> = {
  ECONNREFUSED: "The service refused the connection - perhaps it is offline",
  ECONNRESET:
    "The connection to the server wes closed unexpectedly, perhaps it is offline. You can retry request immidiately or wait and retry later.",
  ENOTFOUND:
    "The connection cannot be established, this usually occurs due to an incorrect host(domain) value",
  ETIMEDOUT: "The connection timed out, consider setting 'Retry on Fail' option in the node settings",
  ECONNABORTED: "The connection was aborted, perhaps the server is offline",
  EHOSTUNREACH: "The host is unreachable, perhaps the server is offline",
  EAI_AGAIN: "The DNS server returned an error, perhaps the server is offline",
  EADDRNOTAVAIL: "The address is not available, ensure that you have the right IP address",
};

/** A failed fetch as the HTTP client words it: the system error's message (`connect ECONNREFUSED 127.0.0.1:9`). */
export interface NetworkFailure {
  code: string | undefined;
  message: string;
}

/** Reads a fetch rejection: undici puts the system error (code, message) in `cause`. */
export function networkFailureOf(error: unknown): NetworkFailure {
  if (!(error instanceof Error)) return { code: undefined, message: String(error) };
  if (error.name === "TimeoutError" || error.name === "AbortError") {
    return { code: "ECONNABORTED", message: error.message };
  }
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const code = typeof cause?.code === "string" ? cause.code : undefined;
  const message = typeof cause?.message === "string" && cause.message !== "" ? cause.message : error.message;
  return { code, message };
}

/** What the current node reports for a network failure: n8n's sentence for its code, else its message. */
export function networkSentence(failure: NetworkFailure): string {
  return (failure.code && NETWORK_SENTENCES[failure.code]) || failure.message;
}
