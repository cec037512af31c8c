// bench/mcp: tool calls per second through MCP (the SDK's client and tooldeck's server over the SDK's
// in-memory transport) against the same tools called directly through the runtime, in the same run.
// What it measures is the protocol's cost per call: JSON-RPC framing, the SDK's schema checks on both
// sides, the structured exchange; the request and the emulator are the same on both sides.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createEmulator } from "../src/emulator/create-emulator.js";
import { toMcpServer } from "../src/mcp/to-mcp-server.js";
import { createTools } from "../src/runtime/create-tools.js";
import { GET_TOOL, NEW_EVENT, POST_TOOL } from "./support/event-request-tools.js";
import { interleavedRates } from "./support/interleaved.js";
import { printTable } from "./support/table.js";

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 5);
const ROUNDS = 10;
const CONFIGS = [GET_TOOL, POST_TOOL];

const CASES = [
  { call: "get_events (GET /events/1)", name: "get_events", args: { queryParams: { id: "1" } } },
  { call: "create_event (POST /events)", name: "create_event", args: { body: NEW_EVENT } },
] as const;

/** The runtime's tools and an MCP client connected to a server of the same tools, one emulator. */
async function setup(profile: "standard" | "flowise") {
  const emulator = createEmulator();
  const tools = await createTools(CONFIGS, {
    profile,
    fetch: emulator.fetch,
    resolveHost: emulator.resolveHost,
    vars: emulator.vars,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await toMcpServer(tools, { vars: emulator.vars }).connect(serverSide);
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(clientSide);
  return { emulator, tools, client };
}

const rows: Record<string, string | number>[] = [];
for (const profile of ["standard", "flowise"] as const) {
  const { emulator, tools, client } = await setup(profile);
  for (const { call, name, args } of CASES) {
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool) throw new Error(`no tool ${name}`);
    const direct = async () => {
      const result = await tool.invoke(args);
      if (!result.ok) throw new Error(result.output);
    };
    const viaMcp = async () => {
      const result = await client.callTool({ name, arguments: args });
      if (result.isError) throw new Error(JSON.stringify(result.content));
    };
    const { baseline: directRate, ours: mcpRate } = await interleavedRates(direct, viaMcp, {
      rounds: ROUNDS,
      seconds: SECONDS / ROUNDS,
      reset: () => emulator.reset(),
    });
    rows.push({
      profile,
      call,
      "MCP calls/s (in-memory)": Math.round(mcpRate),
      "direct runtime calls/s": Math.round(directRate),
      "MCP cost per call": `${((1 / mcpRate - 1 / directRate) * 1e6).toFixed(0)} µs`,
    });
  }
  await client.close();
}
printTable(
  `Tool calls through MCP (SDK client ↔ tooldeck server, in-memory transport) vs direct runtime calls (median of ${ROUNDS} interleaved rounds, ${SECONDS / ROUNDS} s each side)`,
  rows,
);
