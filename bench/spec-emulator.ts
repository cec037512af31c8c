// bench/spec-emulator: the spec emulator over HTTP (`tooldeck serve --spec tools/event-api.openapi.yaml`)
// against Prism's mock server on the same description (the stateless fake people pick), measured in the
// same run with autocannon on loopback; and the time to build the emulator for GitHub's REST description.
// Each server runs in its own process. BENCH_SECONDS shortens the runs (default 10).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { createSpecEmulator } from "../src/emulator/spec/spec-emulator.js";
import { loadSpec } from "../src/openapi/load-spec.js";
import { createOperationIndex } from "../src/openapi/operation-index.js";
import { packagePath } from "../src/package-root.js";
import { printTable } from "./support/table.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SPEC = packagePath("tools", "event-api.openapi.yaml");
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

interface Target {
  url: string;
  child: ChildProcess;
}

async function startTooldeck(): Promise<Target> {
  const script = fileURLToPath(new URL("./support/serve-target.js", import.meta.url));
  const child = spawn(process.execPath, [script, "spec"], { stdio: ["ignore", "pipe", "inherit"] });
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}`, child };
}

/** Prism's mock server, logging errors only (its per-request info log would cost it throughput). */
async function startPrism(): Promise<Target> {
  const port = await freePort();
  const prism = packagePath("node_modules", "@stoplight", "prism-cli", "dist", "index.js");
  const child = spawn(
    process.execPath,
    [prism, "mock", SPEC, "--port", String(port), "--verboseLevel", "error"],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${url}/events`);
      return { url, child };
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
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
  for (const [name, start] of [
    ["prism", startPrism],
    ["tooldeck", startTooldeck],
  ] as const) {
    const { url, child } = await start();
    figures[name] = await load(url, route);
    child.kill();
  }
  const ours = figures.tooldeck as { reqPerSec: number; p99: number };
  const prism = figures.prism as { reqPerSec: number; p99: number };
  rows.push({
    route: route.label,
    "tooldeck req/s": Math.round(ours.reqPerSec),
    "tooldeck p99 ms": ours.p99,
    "prism req/s": Math.round(prism.reqPerSec),
    "prism p99 ms": prism.p99,
    "ratio (target >= 4)": (ours.reqPerSec / prism.reqPerSec).toFixed(2),
  });
}
printTable(
  `Spec emulator of the event API over HTTP vs Prism 5.14 mock (autocannon, ${CONNECTIONS} connections, ${SECONDS} s, loopback)`,
  rows,
);

// Building the emulator for GitHub's description: loading the spec is timed apart (check and lint
// load it anyway), then indexing and inferring its resources.
const github = packagePath("node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
let started = performance.now();
const spec = await loadSpec(github);
const loadSeconds = (performance.now() - started) / 1000;
started = performance.now();
const emulator = createSpecEmulator(createOperationIndex(spec));
const buildSeconds = (performance.now() - started) / 1000;
printTable("Spec emulator for GitHub's REST description (@octokit/openapi)", [
  {
    operations: emulator.index.operations.length,
    "load spec s": loadSeconds.toFixed(3),
    "build emulator s (target < 1)": buildSeconds.toFixed(3),
    "total s": (loadSeconds + buildSeconds).toFixed(3),
  },
]);
