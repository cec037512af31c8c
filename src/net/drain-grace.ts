/**
 * How long a stopping server lets the requests in flight be answered before it cuts them off: `serve`,
 * `mcp` and `proxy` on SIGINT/SIGTERM, `serveMcpStdio` by default. Shorter than the 10 s a container runtime
 * waits between SIGTERM and SIGKILL, so the answers and the exit code are tooldeck's own.
 */
export const DRAIN_GRACE_MS = 5_000;
