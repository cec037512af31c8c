// bench/events-http: the event service over HTTP (autocannon on loopback) against an Express 5
// baseline of the same routes, measured in the same run; plus in-process fetch calls/s.
// Each server runs in its own child process. BENCH_SECONDS shortens the runs (default 10).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { createEventService } from "../src/emulator/events/event-service.js";
import { opsPerSecond, printTable } from "./support/table.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const NEW_EVENT = JSON.stringify({ name: "Bench", date: "2025-01-02T03:04:05Z", location: "Loopback" });

const ROUTES = [
  { label: "GET /events/1", method: "GET", path: "/events/1" },
  {
    label: "POST /events",
    method: "POST",
    path: "/events",
    body: NEW_EVENT,
    headers: { "content-type": "application/json" },
  },
] as const;

async function startTarget(target: "tooldeck" | "express"): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL("./support/serve-target.js", import.meta.url));
  const child = spawn(process.execPath, [script, target], { stdio: ["ignore", "pipe", "inherit"] });
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}`, child };
}

async function load(url: string, route: (typeof ROUTES)[number]) {
  const result = await autocannon({
    url: `${url}${route.path}`,
    method: route.method,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...("body" in route ? { body: route.body, headers: route.headers } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${route.label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { reqPerSec: result.requests.average, p99: result.latency.p99 };
}

const rows: Record<string, string | number>[] = [];
for (const route of ROUTES) {
  const figures: Record<string, { reqPerSec: number; p99: number }> = {};
  for (const target of ["express", "tooldeck"] as const) {
    const { url, child } = await startTarget(target);
    figures[target] = await load(url, route);
    child.kill();
  }
  const ours = figures.tooldeck as { reqPerSec: number; p99: number };
  const base = figures.express as { reqPerSec: number; p99: number };
  rows.push({
    route: route.label,
    "tooldeck req/s": Math.round(ours.reqPerSec),
    "tooldeck p99 ms": ours.p99,
    "express 5 req/s": Math.round(base.reqPerSec),
    "express 5 p99 ms": base.p99,
    "ratio (target >= 1.5)": (ours.reqPerSec / base.reqPerSec).toFixed(2),
  });
}
printTable(`Event service over HTTP (autocannon, ${CONNECTIONS} connections, ${SECONDS} s, loopback)`, rows);

const service = createEventService();
const inProcess = await opsPerSecond(
  async () => {
    const response = await service.fetch(new Request("http://events.local/events/1"));
    await response.text();
  },
  Math.min(SECONDS, 5),
);
printTable("Event service in-process (fetch without sockets)", [
  { route: "GET /events/1", "calls/s": Math.round(inProcess) },
]);
