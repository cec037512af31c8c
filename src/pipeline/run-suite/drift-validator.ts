import { loadSpecIndex } from "../../lint/load-check-inputs.js";
import { specDrift } from "../../lint/probe/judge-exchange.js";
import type { SpecReadOptions } from "../../openapi/spec-read-options.js";
import type { ValidateCall } from "../../replay/replay-cassette.js";

/**
 * Drift: each recorded call checked against the OpenAPI description: a request that is no operation, a
 * body or answer off its schema, an undocumented status.
 */
export async function createDriftValidator(
  path: string,
  read: Required<SpecReadOptions>,
): Promise<ValidateCall> {
  const spec = await loadSpecIndex(path, read);
  return (call) => (call.request ? specDrift(call.request, call.response, spec) : undefined);
}
