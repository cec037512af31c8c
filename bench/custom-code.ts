// bench/custom-code: an OpenAPI toolkit call whose Custom Code makes the HTTP call (--allow-code: the
// sandbox, QuickJS in WebAssembly in a worker thread) against the same HTTP call as a plain request
// tool, in-process against the embedded event service, same run, interleaved. Also: the sandbox
// alone (start-up of a run), the first call (engine compiled, worker started), and what another call
// waits while a Custom Code call spins to its time limit. Target (issue 31): a p50 call under 15 ms.
import { createEmulator } from "../src/emulator/create-emulator.js";
import { createRequestTool } from "../src/runtime/request/request-tool.js";
import { runInSandbox } from "../src/runtime/sandbox/run-in-sandbox.js";
import { createToolkit } from "../src/runtime/toolkit/create-toolkit.js";
import { GET_TOOL } from "./support/event-request-tools.js";
import { interleavedLatencies } from "./support/interleaved.js";
import { latencyDuring } from "./support/latency-during.js";
import { printTable } from "./support/table.js";

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 5);
const ROUNDS = 10;

// Both tools reach the event service in-process: the request tool at base_url, the toolkit at its
// spec's server (the tutorial's localhost:5566).
const emulator = createEmulator();
const { vars } = emulator;

/** The Custom Code of the bench: the request the toolkit built, sent by the code, its body returned. */
const CODE = "const response = await fetch($url, $options);\nreturn await response.text();";

async function customCodeCall(): Promise<() => Promise<void>> {
  const config = { kind: "openapi-toolkit", spec: "event-api.openapi.yaml", customCode: CODE } as const;
  const tools = await createToolkit(config, {
    specBaseDir: "tools",
    fetch: emulator.fetch,
    vars,
    allowCode: true,
  });
  const tool = tools.find((candidate) => candidate.name === "getEventById");
  if (!tool) throw new Error("no getEventById");
  return async () => {
    const result = await tool.invoke({ PathParameters: { id: "1" } });
    if (!result.ok) throw new Error(result.output);
  };
}

function requestToolCall(): () => Promise<void> {
  const tool = createRequestTool(GET_TOOL, {
    fetch: emulator.fetch,
    resolveHost: emulator.resolveHost,
    vars,
  });
  return async () => {
    const result = await tool.invoke({ queryParams: { id: "1" } });
    if (!result.ok) throw new Error(result.output);
  };
}

async function sandboxAlone(): Promise<void> {
  const outcome = await runInSandbox({ code: "return 1", timeoutMs: 10_000 });
  if (!outcome.ok) throw new Error(outcome.message);
}

const firstStart = performance.now();
await sandboxAlone();
const firstMs = performance.now() - firstStart;

const customCode = await customCodeCall();
const request = requestToolCall();
for (let i = 0; i < 200; i++) {
  await customCode();
  await request();
}

printTable(
  `Custom Code (--allow-code, the sandbox) vs a plain request tool, GET /events/1 in-process (${ROUNDS} interleaved rounds, ${SECONDS / ROUNDS} s each case)`,
  await interleavedLatencies(
    {
      "request tool get_events": request,
      "toolkit getEventById, its Custom Code fetching": customCode,
      "sandbox alone: return 1": sandboxAlone,
    },
    { rounds: ROUNDS, seconds: SECONDS, reset: () => emulator.reset() },
  ),
);

const p50 = (sorted: number[]) => (sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(2);
const p99 = (sorted: number[]) => (sorted[Math.floor(sorted.length * 0.99)] ?? 0).toFixed(2);
const idle = await latencyDuring(() => new Promise((resolve) => setTimeout(resolve, 1000)), request);
const spinning = await latencyDuring(
  () => runInSandbox({ code: "while (true) {}", timeoutMs: 1000 }),
  request,
);
printTable(
  "What a request tool call waits (from when it was due, one every 5 ms) while Custom Code spins to its 1000 ms limit, and while idle",
  [
    { during: "idle", "p50 ms": p50(idle), "p99 ms": p99(idle), calls: idle.length },
    {
      during: "while (true) {} in the sandbox",
      "p50 ms": p50(spinning),
      "p99 ms": p99(spinning),
      calls: spinning.length,
    },
  ],
);
printTable("Start-up", [{ "first run: engine compiled, worker started (ms)": firstMs.toFixed(1) }]);
