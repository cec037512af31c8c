// bench/tool-calls: tool calls per second through the runtime, in-process against the embedded event
// service, against raw in-process fetch calls of the same requests in the same run.
// Target: the runtime adds under 30% over raw fetch.
import { createEmulatorFetch } from "../src/emulator/emulator-fetch.js";
import { EVENT_SERVICE_ORIGIN } from "../src/emulator/emulator-origins.js";
import { createEventService } from "../src/emulator/events/event-service.js";
import { createRequestTool } from "../src/runtime/request/request-tool.js";
import { GET_TOOL, NEW_EVENT, POST_TOOL } from "./support/event-request-tools.js";
import { opsPerSecond, printTable } from "./support/table.js";

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 5);
const ROUNDS = 10;

const events = createEventService();
const emulator = createEmulatorFetch({ [EVENT_SERVICE_ORIGIN]: events.fetch });
const options = {
  fetch: emulator.fetch,
  resolveHost: emulator.resolveHost,
  vars: { base_url: EVENT_SERVICE_ORIGIN },
};
const rawGet = async () => {
  const response = await events.fetch(new Request(`${EVENT_SERVICE_ORIGIN}/events/1`));
  await response.text();
};
const rawPost = async () => {
  const init = {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(NEW_EVENT),
  };
  const response = await events.fetch(new Request(`${EVENT_SERVICE_ORIGIN}/events`, init));
  await response.text();
};

/**
 * Raw and runtime rounds alternate, with the store reset between rounds, so both sides meet the same
 * heap, JIT and event-store size; the medians are compared.
 */
async function interleaved(raw: () => Promise<unknown>, tool: () => Promise<unknown>) {
  const rawRates: number[] = [];
  const toolRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rawRates.push(await opsPerSecond(raw, SECONDS / ROUNDS));
    events.reset();
    toolRates.push(await opsPerSecond(tool, SECONDS / ROUNDS));
    events.reset();
  }
  return { baseline: median(rawRates), ours: median(toolRates) };
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

const rows: Record<string, string | number>[] = [];
for (const profile of ["standard", "flowise"] as const) {
  const get = createRequestTool(GET_TOOL, { ...options, profile });
  const post = createRequestTool(POST_TOOL, { ...options, profile });
  const cases = [
    { call: "GET /events/1", tool: () => get.invoke({ queryParams: { id: "1" } }), raw: rawGet },
    { call: "POST /events", tool: () => post.invoke({ body: NEW_EVENT }), raw: rawPost },
  ];
  for (const { call, tool, raw } of cases) {
    const { baseline, ours } = await interleaved(raw, tool);
    rows.push({
      profile,
      call,
      "runtime calls/s": Math.round(ours),
      "raw fetch calls/s": Math.round(baseline),
      "overhead (target < 30%)": `${((baseline / ours - 1) * 100).toFixed(1)}%`,
    });
  }
}
printTable(
  `Tool calls in-process through the runtime vs raw fetch (median of ${ROUNDS} interleaved rounds, ${SECONDS / ROUNDS} s each side)`,
  rows,
);
