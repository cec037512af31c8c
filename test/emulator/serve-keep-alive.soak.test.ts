import { describe, expect, onTestFinished, test } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runCli } from "../../src/cli/run-cli.js";
import { reachableHeapBytes } from "../support/force-gc.js";
import { keepAliveClient, type LoadRequest, watchServerRequests } from "../support/keep-alive-load.js";

/** Requests sent before the heap is first measured: modules, caches and JIT settle. */
const WARM_UP = 2_000;
/** Requests between the two measures. Before the fix each kept its request (~1 KB) reachable: ~10 MB. */
const SOAK = 10_000;
/** What the heap may grow by over SOAK requests: 400 bytes a request (the WeakRefs watching them included). */
const GROWTH_BOUND = 4 * 1024 * 1024;

/** A command running in-process as the CLI runs it, its output dropped once its URL is read. */
async function started(args: string[], pattern: RegExp): Promise<string> {
  const stop = new AbortController();
  let head = "";
  const io: CliIo = {
    // A soak must not measure its own log: only the first lines are kept.
    stdout: (text) => {
      if (head.length < 4096) head += text;
    },
    stderr: () => {},
    env: {},
    signal: stop.signal,
  };
  const run = runCli(args, io);
  onTestFinished(async () => {
    stop.abort("SIGTERM");
    await run;
  });
  await expect.poll(() => pattern.exec(head)?.[1], { timeout: 20_000 }).toBeDefined();
  return pattern.exec(head)?.[1] as string;
}

const MCP_CALL = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "get_events", arguments: {} },
});

const SERVERS: { name: string; start: () => Promise<{ origin: string; request: LoadRequest }> }[] = [
  {
    name: "serve (the event service)",
    start: async () => ({
      origin: await started(["serve", "--only", "events", "--events-port", "0"], /listening on (\S+)/),
      request: { path: "/events" },
    }),
  },
  {
    name: "serve --spec",
    start: async () => ({
      origin: await started(
        ["serve", "--spec", "tools/event-api.openapi.yaml", "--port", "0"],
        /emulated on (\S+)/,
      ),
      request: { path: "/events" },
    }),
  },
  {
    name: "proxy (to the event service)",
    start: async () => {
      const target = await started(["serve", "--only", "events", "--events-port", "0"], /listening on (\S+)/);
      const args = ["proxy", "--target", target, "--port", "0", "--spec", "tools/event-api.openapi.yaml"];
      return { origin: await started(args, /listening on (\S+)/), request: { path: "/events" } };
    },
  },
  {
    name: "mcp --transport http",
    start: async () => ({
      origin: await started(
        ["mcp", "tools/", "--transport", "http", "--port", "0"],
        /listening on (\S+)\/mcp/,
      ),
      request: {
        method: "POST",
        path: "/mcp",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: MCP_CALL,
      },
    }),
  },
];

/** Requests still reachable after the soak: one per open connection at most (the client's 4, a proxy's own to its target). */
const HELD_AT_MOST = 16;

/**
 * The reachable heap once the server has caught up: a server that prints a line per request (proxy) may
 * still hold the calls it has not printed yet on a busy machine, a backlog that drains, not a leak.
 */
async function settledHeapBytes(): Promise<number> {
  let last = reachableHeapBytes();
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = reachableHeapBytes();
    if (Math.abs(now - last) < 256 * 1024) return now;
    last = now;
  }
  return last;
}

describe("every HTTP server holds nothing of a request once it is answered (issue 41)", () => {
  test.each(SERVERS)(
    "$name: 10,000 requests on 4 kept-alive connections leave the requests collectable and the heap where it was",
    async ({ start }) => {
      const { origin, request } = await start();
      const client = keepAliveClient(origin);
      onTestFinished(() => client.close());
      await client.load(request, WARM_UP);
      const requests = watchServerRequests();
      onTestFinished(() => requests.stop());
      // The heap is compared between the two halves of the soak, not with the warm-up: code the first
      // requests compile and caches they fill (a busy machine keeps more of them) are no leak, and a
      // leak grows with every request, in the second half as in the first.
      await client.load(request, SOAK / 2);
      const before = await settledHeapBytes();
      await client.load(request, SOAK / 2);
      // Measured with the connections still open: what a connection holds is freed when it closes.
      const growth = (await settledHeapBytes()) - before;
      expect(client.sockets()).toBe(4);
      expect(requests.seen()).toBeGreaterThanOrEqual(SOAK);
      expect(requests.reachable()).toBeLessThanOrEqual(HELD_AT_MOST);
      expect(growth, `the heap grew by ${Math.round(growth / 1024)} KB`).toBeLessThan(GROWTH_BOUND / 2);
    },
    120_000,
  );
});
