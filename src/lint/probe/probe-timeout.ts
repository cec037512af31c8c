/** How long a probe waits for its answer unless told otherwise: Flowise itself never gives up. */
export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;
