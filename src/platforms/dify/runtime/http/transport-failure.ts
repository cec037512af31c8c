import { DifyNodeError } from "../dify-node-error.js";

/** A transport failure as the node words it, or why its words are not reproduced. */
export type TransportFailure = { ok: true; error: DifyNodeError } | { ok: false; reason: string };

/**
 * A request that got no answer (reference/dify-tools.md fact 44): the node fails with httpx's message.
 * Two are known: a refused connection, `[Errno 111] Connection refused` (the OS error httpx passes on,
 * Linux's errno), and a timeout, `timed out`. A DNS failure raises `socket.gaierror` from Dify's own
 * address check, which the node does not catch, and other failures have texts the reference does not
 * give: those are not reproduced.
 */
export function transportFailure(error: unknown, timedOut: boolean): TransportFailure {
  if (timedOut) return { ok: true, error: new DifyNodeError("HttpRequestNodeError", "timed out") };
  const code = codeOf(error);
  if (code === "ECONNREFUSED")
    return { ok: true, error: new DifyNodeError("HttpRequestNodeError", "[Errno 111] Connection refused") };
  return {
    ok: false,
    reason: `the request failed (${describe(error)}), and httpx's words for that are not reproduced`,
  };
}

function codeOf(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
