import { DRAIN_GRACE_MS } from "../net/drain-grace.js";

/**
 * What `serve`, `mcp` and `proxy` say when SIGINT/SIGTERM finds requests in flight (nothing when there are
 * none): how long they wait, and how not to.
 */
export function stoppingNote(inFlight: number): string {
  if (inFlight === 0) return "";
  const requests = inFlight === 1 ? "1 request" : `${inFlight} requests`;
  return `stopping: waiting up to ${DRAIN_GRACE_MS / 1000} s for ${requests} in flight (a second Ctrl+C or SIGTERM stops at once)\n`;
}
