// bench/spec-emulator: the spec emulator over HTTP (`tooldeck serve --spec tools/event-api.openapi.yaml`)
// against Prism's mock server on the same description (the stateless fake people pick), measured in the
// same run with autocannon on loopback, in alternating rounds (BENCH_ROUNDS, default 3, of BENCH_SECONDS,
// default 10, each); and the time to build the emulator for GitHub's REST description. Each server runs in
// its own process.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { createSpecEmulator } from "../src/emulator/spec/spec-emulator.js";
import { loadSpec } from "../src/openapi/load-spec.js";
import { createOperationIndex } from "../src/openapi/operation-index.js";
import { packagePath } from "../src/package/package-root.js";
import {
  CONNECTIONS,
  EVENT_ROUTES,
  loadRoute,
  SECONDS,
  startServeTarget,
  type Target,
} from "./support/http-load.js";
import { median } from "./support/interleaved.js";
import { printTable } from "./support/table.js";

const SPEC = packagePath("tools", "event-api.openapi.yaml");

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

/** Rounds per route: Prism and tooldeck alternate (A B A B …), so both meet the same machine noise. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const targets = { prism: await startPrism(), tooldeck: await startServeTarget("spec") };
const rows: Record<string, string | number>[] = [];
try {
  for (const route of EVENT_ROUTES) {
    const runs: Record<keyof typeof targets, { reqPerSec: number; p99: number }[]> = {
      prism: [],
      tooldeck: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of ["prism", "tooldeck"] as const)
        runs[name].push(await loadRoute(targets[name].url, route));
    }
    const ours = {
      reqPerSec: median(runs.tooldeck.map((r) => r.reqPerSec)),
      p99: median(runs.tooldeck.map((r) => r.p99)),
    };
    const prism = {
      reqPerSec: median(runs.prism.map((r) => r.reqPerSec)),
      p99: median(runs.prism.map((r) => r.p99)),
    };
    rows.push({
      route: route.label,
      "tooldeck req/s": Math.round(ours.reqPerSec),
      "tooldeck p99 ms": ours.p99,
      "prism req/s": Math.round(prism.reqPerSec),
      "prism p99 ms": prism.p99,
      "ratio (target >= 4)": (ours.reqPerSec / prism.reqPerSec).toFixed(2),
    });
  }
} finally {
  for (const { child } of Object.values(targets)) child.kill();
}
printTable(
  `Spec emulator of the event API over HTTP vs Prism 5.14 mock, both with CORS (autocannon, ${CONNECTIONS} connections, median of ${ROUNDS} alternating rounds of ${SECONDS} s, loopback)`,
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
