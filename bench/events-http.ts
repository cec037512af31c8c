// bench/events-http: the event service over HTTP (autocannon on loopback) against an Express 5
// baseline of the same routes, measured in the same run; plus in-process fetch calls/s.
// Each server runs in its own child process. BENCH_SECONDS shortens the runs (default 10).
import { createEventService } from "../src/emulator/events/event-service.js";
import { CONNECTIONS, EVENT_ROUTES, loadRoute, SECONDS, startServeTarget } from "./support/http-load.js";
import { opsPerSecond, printTable } from "./support/table.js";

const rows: Record<string, string | number>[] = [];
for (const route of EVENT_ROUTES) {
  const figures: Record<string, { reqPerSec: number; p99: number }> = {};
  for (const target of ["express", "tooldeck"] as const) {
    const { url, child } = await startServeTarget(target);
    figures[target] = await loadRoute(url, route);
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
