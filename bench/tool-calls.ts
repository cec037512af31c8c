// bench/tool-calls: tool calls per second through the runtime, in-process against the embedded event
// service, against raw in-process fetch calls of the same requests in the same run: information, not a
// target (issue 30: a tool call inside an agent waits on a model for hundreds of milliseconds, so
// microseconds per call are not what users feel). A second table: an OpenAPI toolkit tool wired as
// docs/openapi.md shows (`createEmulator().fetch`, which answers in-process and says so) against the
// same tool behind a plain wrapper fetch, which the runtime must treat as a network fetch.
import { createEmulator } from "../src/emulator/create-emulator.js";
import { createEmulatorFetch } from "../src/emulator/emulator-fetch.js";
import { EVENT_SERVICE_ORIGIN } from "../src/emulator/emulator-origins.js";
import { createEventService } from "../src/emulator/events/event-service.js";
import { createRequestTool } from "../src/runtime/request/request-tool.js";
import { createToolkit } from "../src/runtime/toolkit/create-toolkit.js";
import { GET_TOOL, NEW_EVENT, POST_TOOL } from "./support/event-request-tools.js";
import { interleavedRates } from "./support/interleaved.js";
import { printTable } from "./support/table.js";

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 5);
const ROUNDS = 10;
const TIMING = { rounds: ROUNDS, seconds: SECONDS / ROUNDS };

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

const rows: Record<string, string | number>[] = [];
for (const profile of ["standard", "flowise"] as const) {
  const get = createRequestTool(GET_TOOL, { ...options, profile });
  const post = createRequestTool(POST_TOOL, { ...options, profile });
  const cases = [
    { call: "GET /events/1", tool: () => get.invoke({ queryParams: { id: "1" } }), raw: rawGet },
    { call: "POST /events", tool: () => post.invoke({ body: NEW_EVENT }), raw: rawPost },
  ];
  for (const { call, tool, raw } of cases) {
    const { baseline, ours } = await interleavedRates(raw, tool, { ...TIMING, reset: () => events.reset() });
    rows.push({
      profile,
      call,
      "runtime calls/s": Math.round(ours),
      "raw fetch calls/s": Math.round(baseline),
      overhead: `${((baseline / ours - 1) * 100).toFixed(1)}%`,
    });
  }
}
printTable(
  `Tool calls in-process through the runtime vs raw fetch (median of ${ROUNDS} interleaved rounds, ${SECONDS / ROUNDS} s each side)`,
  rows,
);

/** getEventById of tools/event-toolkit.yaml (standard profile, default 30 s limit) over the given fetch. */
async function getEventById(fetch: typeof emulator.fetch, vars: Record<string, string>) {
  const config = { kind: "openapi-toolkit", name: "event_api", spec: "event-api.openapi.yaml" } as const;
  const tools = await createToolkit(config, { specBaseDir: "tools", fetch, vars });
  const tool = tools.find((candidate) => candidate.name === "getEventById");
  if (!tool) throw new Error("no getEventById");
  return async () => {
    const result = await tool.invoke({ PathParameters: { id: "1" } });
    if (!result.ok) throw new Error(result.output);
  };
}

const documented = createEmulator();
const wrapped = createEventService();
const { baseline, ours } = await interleavedRates(
  await getEventById((input, init) => wrapped.fetch(new Request(input, init)), documented.vars),
  await getEventById(documented.fetch, documented.vars),
  { ...TIMING, reset: () => documented.reset() },
);
printTable(
  `OpenAPI toolkit getEventById in-process: docs/openapi.md's createEmulator().fetch vs a wrapper fetch (median of ${ROUNDS} interleaved rounds, ${SECONDS / ROUNDS} s each side)`,
  [
    {
      "emulator.fetch calls/s": Math.round(ours),
      "(input, init) => events.fetch(new Request(input, init)) calls/s": Math.round(baseline),
      ratio: `${(ours / baseline).toFixed(2)}×`,
    },
  ],
);
