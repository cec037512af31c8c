/**
 * An error answer of the Flowise API emulator. Flowise 3.1 answers errors as
 * `{"statusCode": n, "success": false, "message": "…", "stack": {}}` (reference/flowise-api.md, "Common").
 */
export class FlowiseApiError extends Error {
  override readonly name = "FlowiseApiError";
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Flowise's error body for a status and message. */
export function flowiseErrorBody(status: number, message: string) {
  return { statusCode: status, success: false, message, stack: {} } as const;
}

/** The response for a thrown `FlowiseApiError`. */
export function flowiseErrorResponse(error: FlowiseApiError): Response {
  return Response.json(flowiseErrorBody(error.status, error.message), { status: error.status });
}
