/**
 * The error types an HTTP Request node's failed run carries (reference/dify-tools.md fact 43, graphon
 * `nodes/http_request/exc.py`), and `HTTPResponseCodeError` for a non-2xx answer under an error strategy
 * or retry (fact 39).
 */
export type DifyNodeErrorType =
  | "InvalidURLError"
  | "AuthorizationConfigError"
  | "RequestBodyError"
  | "FileFetchError"
  | "InvalidHttpMethodError"
  | "ResponseSizeError"
  | "HttpRequestNodeError"
  | "HTTPResponseCodeError";

/** A failure of the node as Dify reports it: `error` is the message, `error_type` the class. */
export class DifyNodeError extends Error {
  override readonly name = "DifyNodeError";
  constructor(
    readonly errorType: DifyNodeErrorType,
    message: string,
  ) {
    super(message);
  }
}

/** What Dify would do that tooldeck does not reproduce (json_repair's output, files): nothing is sent. */
export class DifyNotReproduced extends Error {
  override readonly name = "DifyNotReproduced";
}
