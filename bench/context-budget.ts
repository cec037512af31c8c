// bench/context-budget: what the rule context-budget costs over GitHub's REST description as request tools
// (@octokit/openapi, 1,223 tools, one agent): the lint of the same tools without the rule's measurement as
// the baseline, then building each tool's definition as the model is sent it, counting its tokens with
// o200k_base (js-tiktoken, loaded once and timed apart), what `check` measures (only an agent that could
// take half the budget, built only up to the budget), and the lint judging them. Medians of 3 runs, all
// in this run. `node dist/bench/context-budget.js 100` measures the first 100 tools only (a quick check).
import type { LoadedTool } from "../src/config/tool-config.js";
import { lint } from "../src/lint/lint.js";
import { loadSpecIndex } from "../src/lint/load-check-inputs.js";
import type { OperationIndex } from "../src/openapi/operation-index.js";
import { packagePath } from "../src/package/package-root.js";
import type { DefinitionCost } from "../src/providers/budget/context-budget.js";
import { DEFAULT_CONTEXT_BUDGET } from "../src/providers/budget/context-window.js";
import { definitionCosts } from "../src/providers/budget/definition-costs.js";
import { loadTokenCounter } from "../src/providers/budget/token-counter.js";
import { createTool } from "../src/runtime/create-tools.js";
import { githubRequestTools, toolOperations } from "./support/github-request-tools.js";
import { printTable } from "./support/table.js";

const SPEC = packagePath("node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
const RUNS = 3;
const seconds = (ms: number) => (ms / 1000).toFixed(3);
const limit = { tokens: DEFAULT_CONTEXT_BUDGET, source: "the default" };

const index = await loadSpecIndex(SPEC);
const size = Number(process.argv[2] ?? toolOperations(index).length);
const tools = project(index, size);

const loadStart = performance.now();
const count = await loadTokenCounter();
const loadMs = performance.now() - loadStart;

const times = {
  baseline: [] as number[],
  built: [] as number[],
  counted: [] as number[],
  gated: [] as number[],
  judged: [] as number[],
};
let tokens = 0;
let gatedTokens = "";
let findings = 0;
for (let run = 0; run < RUNS; run++) {
  times.baseline.push(
    timed(() => lint(tools, { profile: "standard", spec: index, settings: { "context-budget": "off" } })),
  );
  times.built.push(
    await timedAsync(async () => {
      for (const tool of tools) await createTool(tool.config, { profile: "standard" });
    }),
  );
  let definitions = new Map<string, DefinitionCost>();
  times.counted.push(
    await timedAsync(async () => {
      definitions = await definitionCosts(tools, { profile: "standard", loadCounter: async () => count });
    }),
  );
  tokens = [...definitions.values()].reduce((sum, cost) => sum + cost.tokens, 0);
  // What `tooldeck lint` does: measured from half the budget, built only up to the budget.
  const gate = { countFrom: limit.tokens / 2, stopAt: limit.tokens, loadCounter: async () => count };
  times.gated.push(
    await timedAsync(async () => {
      const gated = await definitionCosts(tools, { profile: "standard", ...gate });
      gatedTokens = [...gated.values()].map((cost) => cost.tokens.toLocaleString("en")).join(", ") || "none";
    }),
  );
  const budget = { limit, definitions };
  times.judged.push(
    timed(() => {
      findings = lint(tools, { profile: "standard", spec: index, budget }).filter(
        (d) => d.code === "context-budget",
      ).length;
    }),
  );
}
const baseline = median(times.baseline);
const build = median(times.built);
const counting = median(times.counted) - build;
printTable(
  `context-budget over GitHub's REST description (${size.toLocaleString("en")} request tools, one agent)`,
  [
    { step: "lint without the rule's measurement (baseline)", s: seconds(baseline), "× baseline": "1.00" },
    {
      step: "build every definition (name, description, schema)",
      s: seconds(build),
      "× baseline": ratio(build),
    },
    { step: "count their tokens (o200k_base)", s: seconds(counting), "× baseline": ratio(counting) },
    {
      step: "what check measures (from half the budget, up to it)",
      s: seconds(median(times.gated)),
      "× baseline": ratio(median(times.gated)),
    },
    {
      step: "lint judging definitions and answers",
      s: seconds(median(times.judged)),
      "× baseline": ratio(median(times.judged)),
    },
    { step: "load the tokenizer, once", s: seconds(loadMs), "× baseline": ratio(loadMs) },
  ],
);
console.log(
  `\n${tokens.toLocaleString("en")} tokens of definitions (check's estimate: ${gatedTokens}); ${findings} context-budget findings`,
);

function ratio(ms: number): string {
  return (ms / baseline).toFixed(2);
}

function project(spec: OperationIndex, count: number): LoadedTool[] {
  return githubRequestTools(spec, count).configs.map((config, i) => ({
    config,
    source: { file: "github-tools.yaml", path: `[${i}]` },
  }));
}

function timed(fn: () => unknown): number {
  const began = performance.now();
  fn();
  return performance.now() - began;
}

async function timedAsync(fn: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await fn();
  return performance.now() - began;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
