// bench/replay: seconds to replay a 1,000-call cassette through the current configs and runtime (load the
// scenario's tools, read the cassette, re-run every call through the LangChain tools, redact, diff, digest
// the state, check expectations), against the same 1,000 calls made directly through the runtime in the
// same run. Target: under 1 s.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadToolConfigs } from "../src/config/load-tool-configs.js";
import { packagePath } from "../src/package/package-root.js";
import { runScenario } from "../src/replay/run-scenario.js";
import type { Scenario } from "../src/replay/scenario.js";
import { createScenarioEmulator } from "../src/replay/scenario-emulator.js";
import { DEFAULT_SCENARIO_NOW } from "../src/replay/scenario-schema.js";
import { createTools } from "../src/runtime/create-tools.js";
import { printTable } from "./support/table.js";

const CALLS = 1000;
const PER_TURN = 10;
const RUNS = Math.max(1, Math.min(Number(process.env.BENCH_SECONDS ?? 5), 5));
const BODY = { name: "Bench", date: "2025-01-02T03:04:05Z", location: "Loopback" };
const CYCLE = [
  { tool: "get_events", args: { queryParams: { id: "1" } } },
  { tool: "create_event", args: { body: BODY } },
  { tool: "update_event", args: { queryParams: { id: "1" }, body: BODY } },
  { tool: "get_events", args: { queryParams: { id: "2" } } },
];
const calls = Array.from(
  { length: CALLS },
  (_, index) => CYCLE[index % CYCLE.length] as (typeof CYCLE)[number],
);
const turns = Array.from({ length: CALLS / PER_TURN }, (_, turn) => ({
  calls: calls.slice(turn * PER_TURN, (turn + 1) * PER_TURN),
}));

const scenario: Scenario = {
  name: "1,000 calls",
  profile: "standard",
  tools: [packagePath("tools")],
  vars: {},
  now: new Date(DEFAULT_SCENARIO_NOW),
  messages: ["work through the events"],
  model: { scripted: [...turns, { answer: "done" }] },
  before: [],
  after: [],
  cassette: join(mkdtempSync(join(tmpdir(), "tooldeck-bench-")), "replay.cassette.json"),
  expect: { trajectory: "strict", args: "exact" },
};

const recordStart = performance.now();
const recorded = await runScenario(scenario, { update: true });
const recordSeconds = (performance.now() - recordStart) / 1000;
if (recorded.calls.length !== CALLS)
  throw new Error(`recorded ${recorded.calls.length} calls: ${recorded.failures.join("; ")}`);

async function replayOnce(): Promise<number> {
  const start = performance.now();
  const result = await runScenario(scenario);
  const seconds = (performance.now() - start) / 1000;
  if (result.mode !== "replayed" || result.diff.length > 0)
    throw new Error("the replay differs from its cassette");
  return seconds;
}

async function directOnce(): Promise<number> {
  const start = performance.now();
  const emulator = createScenarioEmulator();
  const configs = loadToolConfigs([packagePath("tools")]).tools.map((tool) => tool.config);
  const tools = new Map(
    (await createTools(configs, { fetch: emulator.fetch, vars: emulator.vars })).map((tool) => [
      tool.name,
      tool,
    ]),
  );
  for (const call of calls) await tools.get(call.tool)?.invoke(call.args);
  return (performance.now() - start) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const replay: number[] = [];
const direct: number[] = [];
for (let run = 0; run < RUNS; run++) {
  replay.push(await replayOnce());
  direct.push(await directOnce());
}

printTable(`Replay of a ${CALLS}-call cassette (median of ${RUNS} runs)`, [
  {
    calls: CALLS,
    "replay s (target < 1 s)": median(replay).toFixed(3),
    "direct runtime calls s (baseline)": median(direct).toFixed(3),
    "replay / baseline": `${(median(replay) / median(direct)).toFixed(1)}×`,
    "live recording s (createAgent + fakeModel)": recordSeconds.toFixed(3),
  },
]);
