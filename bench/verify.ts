// bench/verify: seconds for `verify` to replay a 1,000-call cassette against the event service served over
// loopback (`tooldeck serve` in its own process) and judge every answer — status class and the shape merged
// over the recorded answers — against the same 1,000 recorded requests sent directly with fetch, unjudged, in
// the same run (the baseline). Target: under 5 s.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verifyCassettes } from "../src/contracts/verify/verify-cassettes.js";
import { packagePath } from "../src/package/package-root.js";
import { readCassette } from "../src/replay/cassette.js";
import { runScenario } from "../src/replay/run-scenario.js";
import type { Scenario } from "../src/replay/scenario.js";
import { DEFAULT_SCENARIO_NOW } from "../src/replay/scenario-schema.js";
import { startServeTarget } from "./support/http-load.js";
import { printTable } from "./support/table.js";

const CALLS = 1000;
const PER_TURN = 10;
const RUNS = Math.max(1, Math.min(Number(process.env.BENCH_SECONDS ?? 3), 3));
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
const file = join(mkdtempSync(join(tmpdir(), "tooldeck-bench-")), "verify.cassette.json");
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
  cassette: file,
  expect: { trajectory: "strict", args: "exact" },
};
await runScenario(scenario, { update: true });
const cassette = readCassette(file);
const recorded = cassette.calls.flatMap((call) => (call.request ? [call.request] : []));
if (recorded.length !== CALLS) throw new Error(`recorded ${recorded.length} HTTP calls, not ${CALLS}`);

const target = await startServeTarget("tooldeck");
const provider = target.url;

async function verifyOnce(): Promise<number> {
  const start = performance.now();
  const result = await verifyCassettes([{ file, cassette }], {
    provider,
    send: (request) => fetch(request),
    allowWrites: true,
    fill: { vars: {}, headers: {} },
  });
  const seconds = (performance.now() - start) / 1000;
  const broken = result.calls.filter((call) => call.verdict.kind !== "kept");
  if (broken.length > 0)
    throw new Error(`verify found ${broken.length} calls not kept: ${JSON.stringify(broken[0])}`);
  return seconds;
}

async function directOnce(): Promise<number> {
  const start = performance.now();
  for (const request of recorded) {
    const url = new URL(request.url);
    const init: RequestInit = { method: request.method, headers: request.headers };
    if (request.body !== undefined) init.body = request.body;
    await (await fetch(`${provider}${url.pathname}${url.search}`, init)).arrayBuffer();
  }
  return (performance.now() - start) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const judged: number[] = [];
const direct: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    judged.push(await verifyOnce());
    direct.push(await directOnce());
  }
} finally {
  target.child.kill();
}

printTable(
  `verify of a ${CALLS}-call cassette against tooldeck serve over loopback (median of ${RUNS} runs)`,
  [
    {
      calls: CALLS,
      "verify s (target < 5 s)": median(judged).toFixed(3),
      "direct fetch of the recorded requests s (baseline)": median(direct).toFixed(3),
      "verify / baseline": `${(median(judged) / median(direct)).toFixed(1)}×`,
    },
  ],
);
