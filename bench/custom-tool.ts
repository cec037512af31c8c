// bench/custom-tool: a Flowise Custom Tool with code allowed (--allow-code: its func in the sandbox,
// QuickJS in WebAssembly in a warm worker thread, isolation kept) whose require('node-fetch') makes
// the HTTP call, against the same HTTP call (GET /events/1) made by a request tool, both under the
// flowise profile, in-process against the embedded event service, same run, interleaved. Also the
// first call (engine compiled, worker started), and one model turn of 24 parallel calls on the
// process's sandbox pool (issue 37: it took 24 workers and 1.55 GB before the pool). Target (issue
// 31): a p50 call under 15 ms.
import { createEmulator } from "../src/emulator/create-emulator.js";
import { createCustomToolExecutable } from "../src/platforms/flowise/custom-tool/run/create-custom-tool-executable.js";
import { createRequestTool } from "../src/runtime/request/request-tool.js";
import { DEFAULT_SANDBOX_MEMORY_BYTES } from "../src/runtime/sandbox/sandbox-limits.js";
import { sharedSandboxPool } from "../src/runtime/sandbox/sandbox-pool.js";
import type { ExecutableTool } from "../src/runtime/tool-result.js";
import { GET_TOOL } from "./support/event-request-tools.js";
import { interleavedLatencies } from "./support/interleaved.js";
import { printTable } from "./support/table.js";

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 5);
const ROUNDS = 10;
const TARGET_P50_MS = 15;

const emulator = createEmulator();
const runtime = {
  profile: "flowise",
  fetch: emulator.fetch,
  resolveHost: emulator.resolveHost,
  vars: emulator.vars,
} as const;

/** The marketplace templates' shape: node-fetch, a try/catch, the body as text. */
const FUNC = `const fetch = require('node-fetch');
try {
  const response = await fetch($vars.base_url + '/events/' + $id, { method: 'GET' });
  return await response.text();
} catch (error) {
  return '';
}`;

const customTool = createCustomToolExecutable(
  {
    name: "get_event",
    description: "Use this when you need to get an event",
    schema: [{ property: "id", type: "string", description: "the event's id", required: true }],
    func: FUNC,
  },
  { ...runtime, allowCode: true },
);
const requestTool = createRequestTool(GET_TOOL, runtime);

function callOf(tool: ExecutableTool, args: Record<string, unknown>): () => Promise<void> {
  return async () => {
    const result = await tool.invoke(args);
    if (!result.ok || !result.output.includes('"id"')) throw new Error(`${tool.name}: ${result.output}`);
  };
}

const customToolCall = callOf(customTool, { id: "1" });
const requestToolCall = callOf(requestTool, { queryParams: { id: "1" } });

const firstStart = performance.now();
await customToolCall();
const firstMs = performance.now() - firstStart;
for (let i = 0; i < 200; i++) {
  await customToolCall();
  await requestToolCall();
}

const rows = await interleavedLatencies(
  {
    "request tool get_events (GET /events/1)": requestToolCall,
    "custom tool get_event, node-fetch in the sandbox (GET /events/1)": customToolCall,
  },
  { rounds: ROUNDS, seconds: SECONDS, reset: () => emulator.reset() },
);
printTable(
  `Flowise Custom Tool (--allow-code, the sandbox) vs a request tool, flowise profile, in-process (${ROUNDS} interleaved rounds, ${SECONDS / ROUNDS} s each case)`,
  rows,
);
const p50 = Number(rows[1]?.["p50 ms"]);
printTable("Target", [
  {
    "custom tool p50 ms": p50.toFixed(2),
    "target p50 ms": TARGET_P50_MS,
    met: p50 < TARGET_P50_MS ? "yes" : "no",
    "first call ms (engine compiled, worker started)": firstMs.toFixed(1),
  },
]);

// What the pool itself adds to a call: taking a warm worker and giving it back, with no run between.
const pool = sharedSandboxPool();
const CYCLES = 5000;
const poolStart = performance.now();
for (let i = 0; i < CYCLES; i++) {
  const taken = await pool.acquire(DEFAULT_SANDBOX_MEMORY_BYTES);
  if (taken === "aborted") throw new Error("aborted");
  pool.release(taken, true);
}
const poolMs = (performance.now() - poolStart) / CYCLES;
printTable("What the pool adds to one call at a time (a warm worker taken and given back)", [
  {
    "pool µs per call": (poolMs * 1000).toFixed(1),
    "custom tool p50 ms": p50.toFixed(2),
    "share of the call": `${((poolMs / p50) * 100).toFixed(2)}%`,
    "target share": "≤ 5%",
  },
]);

const rssBefore = process.memoryUsage().rss;
const turnStart = performance.now();
await Promise.all(Array.from({ length: 24 }, () => customToolCall()));
const turnMs = performance.now() - turnStart;
printTable("One model turn of 24 parallel custom tool calls, on the process's sandbox pool", [
  {
    "turn ms": turnMs.toFixed(1),
    "pool workers": sharedSandboxPool().workers,
    "workers alive at most": sharedSandboxPool().stats().mostAlive,
    "RSS growth MB": ((process.memoryUsage().rss - rssBefore) / 1024 / 1024).toFixed(1),
    "RSS MB": (process.memoryUsage().rss / 1024 / 1024).toFixed(1),
  },
]);
