// bench/tool-calls-langchain: LangChain tool calls per second, in-process against the embedded event
// service: tooldeck's `toLangChainTools` against the DynamicStructuredTool a careful user writes by hand
// (a zod schema, the URL built, fetch, the text returned) over the same fetch, interleaved in one run.
// Information, not a target (issue 30 retired issue 17's 0.85×: inside an agent a call waits on a model
// for hundreds of milliseconds, so microseconds per call are not what users feel).
import { DynamicStructuredTool } from "@langchain/core/tools";
import { z } from "zod";
import { createEmulatorFetch } from "../src/emulator/emulator-fetch.js";
import { EVENT_SERVICE_ORIGIN } from "../src/emulator/emulator-origins.js";
import { createEventService } from "../src/emulator/events/event-service.js";
import { toLangChainTools } from "../src/runtime/langchain/to-langchain-tools.js";
import { createRequestTool } from "../src/runtime/request/request-tool.js";
import { GET_TOOL, NEW_EVENT, POST_TOOL } from "./support/event-request-tools.js";
import { interleavedRates } from "./support/interleaved.js";
import { printTable } from "./support/table.js";

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 5);
const ROUNDS = 10;

const events = createEventService();
const { fetch, resolveHost } = createEmulatorFetch({ [EVENT_SERVICE_ORIGIN]: events.fetch });

/** What a careful user writes: the tutorial's two tools, their arguments shaped as tooldeck's. */
const handWritten = {
  get: new DynamicStructuredTool({
    name: GET_TOOL.name,
    description: GET_TOOL.description,
    schema: z.object({ queryParams: z.object({ id: z.string() }) }),
    func: async ({ queryParams }) => {
      const response = await fetch(`${EVENT_SERVICE_ORIGIN}/events/${encodeURIComponent(queryParams.id)}`);
      const text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${text}`);
      return text;
    },
  }),
  post: new DynamicStructuredTool({
    name: POST_TOOL.name,
    description: POST_TOOL.description,
    schema: z.object({ body: z.object({ name: z.string(), date: z.string(), location: z.string() }) }),
    func: async ({ body }) => {
      const response = await fetch(`${EVENT_SERVICE_ORIGIN}/events`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${text}`);
      return text;
    },
  }),
};

/** As an agent calls a tool: a tool call in, a ToolMessage out. */
function asToolCall(tool: DynamicStructuredTool, args: Record<string, unknown>) {
  let id = 0;
  return async () => {
    const message = await tool.invoke({ type: "tool_call", id: `call_${id++}`, name: tool.name, args });
    if (message.status === "error") throw new Error(String(message.content));
  };
}

const rows: Record<string, string | number>[] = [];
for (const profile of ["standard", "flowise"] as const) {
  const options = { profile, fetch, resolveHost, vars: { base_url: EVENT_SERVICE_ORIGIN } };
  const [get, post] = toLangChainTools([
    createRequestTool(GET_TOOL, options),
    createRequestTool(POST_TOOL, options),
  ]) as [DynamicStructuredTool, DynamicStructuredTool];
  const cases = [
    { call: "GET /events/1", ours: get, theirs: handWritten.get, args: { queryParams: { id: "1" } } },
    { call: "POST /events", ours: post, theirs: handWritten.post, args: { body: NEW_EVENT } },
  ];
  for (const { call, ours, theirs, args } of cases) {
    const rates = await interleavedRates(asToolCall(theirs, args), asToolCall(ours, args), {
      rounds: ROUNDS,
      seconds: SECONDS / ROUNDS,
      reset: () => events.reset(),
    });
    rows.push({
      profile,
      call,
      "toLangChainTools calls/s": Math.round(rates.ours),
      "hand-written calls/s": Math.round(rates.baseline),
      ratio: `${(rates.ours / rates.baseline).toFixed(2)}×`,
    });
  }
}
printTable(
  `LangChain tool calls in-process: toLangChainTools vs a hand-written DynamicStructuredTool over fetch (median of ${ROUNDS} interleaved rounds, ${SECONDS / ROUNDS} s each side)`,
  rows,
);
