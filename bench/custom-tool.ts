// bench/custom-tool: a Flowise Custom Tool with code allowed (--allow-code: its func in the sandbox,
// QuickJS in WebAssembly in a warm worker thread, isolation kept) whose require('node-fetch') makes
// the HTTP call, against the same HTTP call (GET /events/1) made by a request tool, both under the
// flowise profile, in-process against the embedded event service, same run, interleaved. Also the
// first call (engine compiled, worker started). Target (issue 31): a p50 call under 15 ms.
import { createEmulator } from "../src/emulator/create-emulator.js";
import { createCustomToolExecutable } from "../src/platforms/flowise/custom-tool/run/create-custom-tool-executable.js";
import { createRequestTool } from "../src/runtime/request/request-tool.js";
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
