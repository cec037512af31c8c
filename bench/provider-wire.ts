// bench/provider-wire: what capturing the provider gate's wire requests costs (issue 42). GitHub's REST
// description (@octokit/openapi) as 1,223 request tools, sent by each LangChain provider class (and
// tooldeck's MCP server) to its fake endpoint: as one agent holding all of them (one request per
// provider), and as agents of 20 tools (62 requests per provider, what a project of many small agents
// costs). Prints the median of 5 runs per provider; the first capture of each class (its package's
// import) is timed apart. Target: the 1,223 tools' requests of every provider in well under the lint's
// few seconds, so the gate can judge what is really sent.
import { loadSpecIndex } from "../src/lint/load-check-inputs.js";
import { packagePath } from "../src/package/package-root.js";
import { captureWireRequest, isRefusedCapture } from "../src/providers/wire/index.js";
import { PROVIDER_IDS } from "../src/providers/wire-tool.js";
import { createTools } from "../src/runtime/create-tools.js";
import type { ExecutableTool } from "../src/runtime/tool-result.js";
import { githubRequestTools, toolOperations } from "./support/github-request-tools.js";
import { printTable } from "./support/table.js";

const SPEC = packagePath("node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
const RUNS = 5;
const AGENT_SIZE = 20;

const index = await loadSpecIndex(SPEC);
const { configs } = githubRequestTools(index, toolOperations(index).length);
const tools = await createTools(configs, { profile: "standard" });
const agents: ExecutableTool[][] = [];
for (let i = 0; i < tools.length; i += AGENT_SIZE) agents.push(tools.slice(i, i + AGENT_SIZE));

const ms = (value: number) => value.toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(run: () => Promise<void>): Promise<number> {
  const began = performance.now();
  await run();
  return performance.now() - began;
}

async function capture(
  provider: (typeof PROVIDER_IDS)[number],
  agent: readonly ExecutableTool[],
): Promise<void> {
  const result = await captureWireRequest(provider, agent);
  if (isRefusedCapture(result)) throw new Error(`${provider} refused: ${result.refused}`);
}

const rows = [];
for (const provider of PROVIDER_IDS) {
  const first = await timed(() => capture(provider, agents[0] ?? []));
  const whole: number[] = [];
  const split: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    whole.push(await timed(() => capture(provider, tools)));
    split.push(
      await timed(async () => {
        for (const agent of agents) await capture(provider, agent);
      }),
    );
  }
  rows.push({
    provider,
    "first capture (import), ms": ms(first),
    [`${tools.length} tools, 1 request, ms`]: ms(median(whole)),
    [`${agents.length} agents of ${AGENT_SIZE}, ms`]: ms(median(split)),
  });
}
printTable(
  `Capturing what each provider is sent for GitHub's ${tools.length} tools (median of ${RUNS})`,
  rows,
);
