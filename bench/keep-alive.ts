// bench/keep-alive: each HTTP server as users run it (the built CLI, its own process) answers 200k
// requests on kept-alive connections (autocannon, 4 connections, as every client keeps them by
// default); its RSS after the first tenth and at the end. A server that ties its requests to their
// connection grows all the way (issue 41: ~1 KB a request, out of a 64 MB heap after ~40k); the target
// is an end within 10% of the tenth. BENCH_REQUESTS changes the 200k.
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { packagePath } from "../src/package/package-root.js";
import { startChild, stopChildren } from "./support/bench-children.js";
import { printTable } from "./support/table.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200_000);
const FIRST = Math.round(REQUESTS / 10);
const CONNECTIONS = 4;
const CLI = packagePath("dist", "cli", "tooldeck.js");

/** The CLI running `args` until the bench ends, once it printed the URL `pattern` captures. */
async function start(args: string[], pattern: RegExp): Promise<{ url: string; child: ChildProcess }> {
  const { found, child } = await startChild([CLI, ...args], pattern);
  return { url: found, child };
}

/** Resident memory of a process, in MB (Linux: /proc/PID/status). */
function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}

interface Load {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

async function load(url: string, what: Load, amount: number): Promise<number> {
  const result = await autocannon({ url: `${url}${what.path}`, connections: CONNECTIONS, amount, ...what });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${what.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return result.requests.average;
}

const MCP_CALL = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "get_events", arguments: {} },
});

const events = await start(["serve", "--only", "events", "--events-port", "0"], /listening on (\S+)/);
const SERVERS: { name: string; args: string[]; pattern: RegExp; load: Load }[] = [
  {
    name: "serve --only events",
    args: ["serve", "--only", "events", "--events-port", "0"],
    pattern: /listening on (\S+)/,
    load: { path: "/events/1" },
  },
  {
    name: "serve --spec",
    args: ["serve", "--spec", packagePath("tools", "event-api.openapi.yaml"), "--port", "0"],
    pattern: /emulated on (\S+)/,
    load: { path: "/events" },
  },
  {
    name: "proxy (to serve)",
    args: ["proxy", "--target", events.url, "--port", "0"],
    pattern: /listening on (\S+)/,
    load: { path: "/events/1" },
  },
  {
    name: "mcp --transport http",
    args: ["mcp", packagePath("tools"), "--transport", "http", "--port", "0"],
    pattern: /listening on (\S+)\/mcp/,
    load: {
      path: "/mcp",
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: MCP_CALL,
    },
  },
];

const rows: Record<string, string | number>[] = [];
for (const server of SERVERS) {
  const { url, child } = await start(server.args, server.pattern);
  await load(url, server.load, FIRST);
  const early = rssMb(child.pid);
  const rate = await load(url, server.load, REQUESTS - FIRST);
  const end = rssMb(child.pid);
  child.kill("SIGTERM");
  rows.push({
    server: server.name,
    requests: REQUESTS,
    "req/s": Math.round(rate),
    [`RSS after ${FIRST} MB`]: early.toFixed(1),
    "RSS at the end MB": end.toFixed(1),
    "growth (target <= 10%)": `${(((end - early) / early) * 100).toFixed(1)}%`,
  });
}
await stopChildren();
printTable(
  `Kept-alive connections: ${REQUESTS} requests on ${CONNECTIONS} connections, RSS of the server's process (loopback)`,
  rows,
);
