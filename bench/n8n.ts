// bench/n8n: issue 32's figures. Loading and linting 1,000 n8n workflows the size of the n8n.io
// templates or larger (fixtures/n8n/event-assistant.json repeated into workflows of 31 nodes, 24 of them HTTP
// tools), target under 3 s; and an n8n HTTP Request tool's call in-process against a request tool's for
// the same HTTP call in the same run, target within 1.5x its time. Issue 37's: loading and linting a 1 MB
// workflow of nested `$fromAI` calls, target under 1 s, beside a 1 MB workflow of ordinary tools.
import { readFileSync } from "node:fs";
import { loadConfigValue } from "../src/config/load-config-document.js";
import { emptyLoadResult } from "../src/config/load-result.js";
import { createLoadSink } from "../src/config/load-sink.js";
import { createEmulatorFetch } from "../src/emulator/emulator-fetch.js";
import { EVENT_SERVICE_ORIGIN } from "../src/emulator/emulator-origins.js";
import { createEventService } from "../src/emulator/events/event-service.js";
import { lint } from "../src/lint/lint.js";
import { packagePath } from "../src/package/package-root.js";
import type { N8nHttpToolConfig } from "../src/platforms/n8n/config/n8n-http-tool-config.js";
import { createTool } from "../src/runtime/create-tools.js";
import { createRequestTool } from "../src/runtime/request/request-tool.js";
import { GET_TOOL } from "./support/event-request-tools.js";
import { interleavedRates } from "./support/interleaved.js";
import { printTable } from "./support/table.js";

const WORKFLOWS = 1_000;
const COPIES = 6;
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 5);
const ROUNDS = 10;

const template = JSON.parse(readFileSync(packagePath("fixtures", "n8n", "event-assistant.json"), "utf8"));

/** One workflow: the template's nodes `COPIES` times over, each copy's names suffixed, wired to one agent. */
function workflow(index: number, copies = COPIES): Record<string, unknown> {
  const [agent, ...tools] = template.nodes as { name: string }[];
  const nodes: unknown[] = [{ ...agent, name: `Agent ${index}` }];
  const connections: Record<string, unknown> = {};
  for (let copy = 0; copy < copies; copy++) {
    for (const tool of tools) {
      const name = `${tool.name} ${copy}`;
      nodes.push({ ...tool, name });
      connections[name] = { ai_tool: [[{ node: `Agent ${index}`, type: "ai_tool", index: 0 }]] };
    }
  }
  return { name: `w${index}`, nodes, connections };
}

const inputs = Array.from({ length: WORKFLOWS }, (_, index) => JSON.parse(JSON.stringify(workflow(index))));
const started = performance.now();
const loaded = emptyLoadResult();
for (const [index, value] of inputs.entries())
  loadConfigValue(value, "", createLoadSink(loaded, `w${index}.json`));
const diagnostics = lint(loaded.tools, { profile: "n8n" });
const seconds = (performance.now() - started) / 1000;
printTable("Loading and linting n8n workflows (target: under 3 s)", [
  {
    workflows: WORKFLOWS,
    nodes: inputs.reduce((sum, input) => sum + (input.nodes as unknown[]).length, 0),
    "HTTP tools": loaded.tools.length,
    findings: diagnostics.length,
    seconds: seconds.toFixed(2),
  },
]);

/** Loads and lints one workflow; its seconds. */
function loadAndLint(value: unknown): { seconds: number; tools: number; findings: number } {
  const started = performance.now();
  const result = emptyLoadResult();
  loadConfigValue(value, "", createLoadSink(result, "big.json"));
  const findings = lint(result.tools, { profile: "n8n" }).length;
  return { seconds: (performance.now() - started) / 1000, tools: result.tools.length, findings };
}

/** `$fromAI('k0', 'd', 'string', $fromAI('k1', …` to about `size` characters, in one query row. */
function nestedWorkflow(size: number): unknown {
  let text = "";
  let depth = 0;
  while (text.length < size) text += `$fromAI('k${depth++}', 'd', 'string', `;
  const value = `={{ ${text}'x'${")".repeat(depth)} }}`;
  const [agent, tool] = template.nodes as { name: string; parameters: Record<string, unknown> }[];
  const parameters = { ...tool?.parameters, queryParameters: { parameters: [{ name: "q", value }] } };
  return JSON.parse(
    JSON.stringify({
      name: "nested",
      nodes: [agent, { ...tool, parameters }],
      connections: { [tool?.name ?? ""]: { ai_tool: [[{ node: agent?.name, type: "ai_tool", index: 0 }]] } },
    }),
  );
}

let copies = COPIES;
while (JSON.stringify(workflow(0, copies)).length < 1_000_000) copies *= 2;
const ordinary = workflow(0, copies);
const nested = nestedWorkflow(1_000_000);
const big = [
  { workflow: "ordinary tools (baseline)", value: JSON.parse(JSON.stringify(ordinary)) },
  { workflow: "nested $fromAI, one parameter", value: nested },
];
printTable(
  "Loading and linting a 1 MB workflow (target: nested $fromAI under 1 s)",
  big.map(({ workflow: name, value }) => {
    const { seconds, tools, findings } = loadAndLint(value);
    return {
      workflow: name,
      KB: Math.round(JSON.stringify(value).length / 1000),
      "HTTP tools": tools,
      findings,
      seconds: seconds.toFixed(2),
    };
  }),
);

const events = createEventService();
const emulator = createEmulatorFetch({ [EVENT_SERVICE_ORIGIN]: events.fetch });
const options = {
  fetch: emulator.fetch,
  resolveHost: emulator.resolveHost,
  vars: { base_url: EVENT_SERVICE_ORIGIN },
};
const node: N8nHttpToolConfig = {
  kind: "n8n-http-tool",
  name: "get_events",
  type: "n8n-nodes-base.httpRequestTool",
  typeVersion: 4.2,
  parameters: { url: "={{ $vars.base_url }}/events/{{ $fromAI('id') }}" },
  credentials: {},
  agent: { type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 3.1 },
};
const [n8nTool] = await createTool(node, options);
const requestTool = createRequestTool(GET_TOOL, options);
if (!n8nTool) throw new Error("no n8n tool");
const { baseline, ours } = await interleavedRates(
  () => requestTool.invoke({ queryParams: { id: "1" } }),
  () => n8nTool.invoke({ id: "1" }),
  { rounds: ROUNDS, seconds: SECONDS / ROUNDS, reset: () => events.reset() },
);
printTable(`GET /events/1 in-process (median of ${ROUNDS} interleaved rounds; target: n8n within 1.5x)`, [
  {
    "request tool calls/s": Math.round(baseline),
    "n8n tool calls/s": Math.round(ours),
    "n8n time / request tool time": (baseline / ours).toFixed(2),
  },
]);
