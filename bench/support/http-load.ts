// What the HTTP benchmarks share: the routes of the event API they load, a server target started in
// its own process (so the load generator does not share its event loop), and one autocannon run.
import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startChild } from "./bench-children.js";

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;
const NEW_EVENT = JSON.stringify({ name: "Bench", date: "2025-01-02T03:04:05Z", location: "Loopback" });

/** GET of a seeded event and POST of a new one: a read and a write of the event API. */
export const EVENT_ROUTES = [
  { label: "GET /events/1", method: "GET", path: "/events/1" },
  {
    label: "POST /events",
    method: "POST",
    path: "/events",
    body: NEW_EVENT,
    headers: { "content-type": "application/json" },
  },
] as const;

export type Route = (typeof EVENT_ROUTES)[number];

export interface Target {
  url: string;
  child: ChildProcess;
}

/**
 * `support/serve-target.js <name>` in its own process, once it prints its port; killed when the bench
 * ends, however it ends.
 */
export async function startServeTarget(name: "tooldeck" | "express" | "spec"): Promise<Target> {
  const script = fileURLToPath(new URL("./serve-target.js", import.meta.url));
  const { found, child } = await startChild([script, name], /^(\d+)\s*$/);
  return { url: `http://127.0.0.1:${found}`, child };
}

/** Requests per second and p99 latency of one route under load; any non-2xx answer or error throws. */
export async function loadRoute(url: string, route: Route): Promise<{ reqPerSec: number; p99: number }> {
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
