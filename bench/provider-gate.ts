// bench/provider-gate: the provider gate (rule provider-rejects, issue 42) over GitHub's REST description as
// request tools (@octokit/openapi, 1,223 tools, one agent), against the lint of the same tools as the
// baseline, in the same run: every provider profile (all eight) judging the tool list as the default wire
// form sends it, each tool built as its model is given it, and the five `check` judges when nothing names
// a provider, and those five judging the form LangChain's provider classes really send (`--wire captured`:
// each captured at a loopback fake endpoint), with the library's whole `lint` (the rules, the budget, the
// gate) under each wire form. Target (issue 42): all provider profiles over the 1,223 tools in under 1 s. Then one agent of
// 10,000 and of 40,000 tools (the 1,223 copied under other names): the gate, the context budget's
// measure, and the whole static check (`tooldeck lint` without its report), where t(40k)/t(10k) near 4
// is linear. Medians of RUNS runs, the steps interleaved so that a busy machine slows them alike, timed
// by the clock and by the process's CPU time (other work on the machine stretches the clock, not the
// CPU time); the machine's load average is printed before and after.
import { loadavg } from "node:os";
import type { LoadedTool } from "../src/config/tool-config.js";
import { check } from "../src/lint/check.js";
import { lint } from "../src/lint/lint.js";
import { lint as lintWithGate } from "../src/lint/lint-tools.js";
import { loadSpecIndex } from "../src/lint/load-check-inputs.js";
import { DEFAULT_PROVIDERS } from "../src/lint/provider-rejects/choose-providers.js";
import { providerRejects } from "../src/lint/provider-rejects/provider-rejects.js";
import type { OperationIndex } from "../src/openapi/operation-index.js";
import { packagePath } from "../src/package/package-root.js";
import { budgetLimit } from "../src/providers/budget/context-window.js";
import { definitionCosts } from "../src/providers/budget/definition-costs.js";
import { loadTokenCounter } from "../src/providers/budget/token-counter.js";
import { createCapturedWireToolsOf } from "../src/providers/wire/index.js";
import { PROVIDER_IDS } from "../src/providers/wire-tool.js";
import { githubRequestTools, toolOperations } from "./support/github-request-tools.js";
import { median } from "./support/interleaved.js";
import { printTable } from "./support/table.js";

const SPEC = packagePath("node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
const RUNS = 5;
const BIG_RUNS = 3;
const TARGET_MS = 1000;

interface Timing {
  wall: number[];
  cpu: number[];
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
const seconds = (ms: number) => (ms / 1000).toFixed(3);
const loadBefore = load();

const index = await loadSpecIndex(SPEC);
const github = toolOperations(index).length;
const tokenStart = performance.now();
const count = await loadTokenCounter();
const tokenizerMs = performance.now() - tokenStart;
const limit = budgetLimit({});

const steps = {
  lint: (tools: LoadedTool[]) => lint(tools, { profile: "standard", spec: index }),
  every: (tools: LoadedTool[]) => providerRejects(tools, { profile: "standard", providers: PROVIDER_IDS }),
  fallback: (tools: LoadedTool[]) => providerRejects(tools, { profile: "standard" }),
  captured: (tools: LoadedTool[]) =>
    providerRejects(tools, { profile: "standard", wireToolsOf: createCapturedWireToolsOf() }),
  lintDefault: (tools: LoadedTool[]) => lintWithGate(tools, { profile: "standard", spec: index }),
  lintCaptured: (tools: LoadedTool[]) =>
    lintWithGate(tools, { profile: "standard", spec: index, wire: "captured" }),
  budget: (tools: LoadedTool[]) =>
    definitionCosts(tools, {
      profile: "standard",
      countFrom: Math.floor(limit.tokens / 2),
      stopAt: limit.tokens,
      loadCounter: async () => count,
    }),
  check: (tools: LoadedTool[]) =>
    check({ tools, errors: [], warnings: [], specs: [], skipped: [] }, { profile: "standard", spec: index }),
};
type Step = keyof typeof steps;

const findings = new Map<string, number>();
// The provider packages are imported once, before the timings (as a long-lived process would have them).
await steps.captured(project(index, 1));
const small = await timeSteps(github, RUNS, [
  "lint",
  "every",
  "fallback",
  "captured",
  "lintDefault",
  "lintCaptured",
]);
const sizes = [10_000, 40_000];
const big = new Map<number, Map<Step, Timing>>();
for (const size of sizes) big.set(size, await timeSteps(size, BIG_RUNS, ["fallback", "budget", "check"]));

const wall = (timing: Timing | undefined) => median(timing?.wall ?? []);
const cpu = (timing: Timing | undefined) => median(timing?.cpu ?? []);
const baseline = wall(small.get("lint"));
printTable(`The provider gate over GitHub's ${github.toLocaleString("en")} request tools, one agent`, [
  row("lint, standard profile, with the spec (baseline)", small.get("lint"), baseline),
  row(`provider-rejects, all ${PROVIDER_IDS.length} provider profiles`, small.get("every"), baseline),
  row(
    `provider-rejects, the ${DEFAULT_PROVIDERS.length} check judges when none is named`,
    small.get("fallback"),
    baseline,
  ),
  row(
    `provider-rejects, the same ${DEFAULT_PROVIDERS.length}, --wire captured (the request each class sends)`,
    small.get("captured"),
    baseline,
  ),
  row("lint (rules, budget, gate), --wire default", small.get("lintDefault"), baseline),
  row("lint (rules, budget, gate), --wire captured", small.get("lintCaptured"), baseline),
]);
const bigRows = [];
for (const size of sizes) {
  const timings = big.get(size);
  for (const step of ["fallback", "budget", "check"] as const)
    bigRows.push({ tools: size.toLocaleString("en"), ...row(label(step), timings?.get(step)) });
}
printTable(`One agent of 10,000 and of 40,000 tools (median of ${BIG_RUNS})`, bigRows);

const every = wall(small.get("every"));
const ratio = (step: Step) => wall(big.get(40_000)?.get(step)) / wall(big.get(10_000)?.get(step));
console.log(
  `\nall ${PROVIDER_IDS.length} provider profiles over ${github.toLocaleString("en")} tools: ${seconds(every)} s (CPU ${seconds(cpu(small.get("every")))} s; target < 1 s); the lint of the same tools: ${seconds(baseline)} s (baseline, same run)`,
);
console.log(
  `40,000 tools in one agent: provider-rejects ${seconds(wall(big.get(40_000)?.get("fallback")))} s, the whole static check ${seconds(wall(big.get(40_000)?.get("check")))} s (CPU ${seconds(cpu(big.get(40_000)?.get("check")))} s)`,
);
console.log(
  `t(40k)/t(10k): provider-rejects ${ratio("fallback").toFixed(2)}, context budget ${ratio("budget").toFixed(2)}, check ${ratio("check").toFixed(2)} (linear is 4)`,
);
console.log(`findings: ${[...findings].map(([step, n]) => `${step} ${n}`).join(", ")}`);
console.log(
  `tokenizer loaded once in ${seconds(tokenizerMs)} s; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
);
console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after (2 cores)`);
process.exitCode = every >= TARGET_MS ? 1 : 0;

/** Each step timed `runs` times on `size` fresh tools, the steps interleaved run by run. */
async function timeSteps(size: number, runs: number, names: readonly Step[]): Promise<Map<Step, Timing>> {
  const timings = new Map<Step, Timing>(names.map((name) => [name, { wall: [], cpu: [] }]));
  for (let run = 0; run < runs; run++) {
    // Rotated each run, so that no step always pays for the garbage the one before it left.
    for (const [position] of names.entries()) {
      const name = names[(position + run) % names.length] as Step;
      // Fresh tools each time: nothing built for one step (or run) is reused by the next.
      const tools = project(index, size);
      const cpuBefore = process.cpuUsage();
      const began = performance.now();
      const result = await steps[name](tools);
      timings.get(name)?.wall.push(performance.now() - began);
      const used = process.cpuUsage(cpuBefore);
      timings.get(name)?.cpu.push((used.user + used.system) / 1000);
      findings.set(`${name} (${size.toLocaleString("en")})`, sizeOf(result));
    }
  }
  return timings;
}

function sizeOf(result: unknown): number {
  if (result instanceof Map) return result.size;
  if (Array.isArray(result)) return result.length;
  return (result as { diagnostics: unknown[] }).diagnostics.length;
}

function label(step: Step): string {
  switch (step) {
    case "fallback":
      return `provider-rejects (${DEFAULT_PROVIDERS.length} providers)`;
    case "budget":
      return "context budget's measure (as check)";
    case "check":
      return "the whole static check";
    default:
      return step;
  }
}

function row(name: string, timing: Timing | undefined, base?: number): Record<string, string> {
  return {
    step: name,
    "s (median)": seconds(wall(timing)),
    "CPU s": seconds(cpu(timing)),
    ...(base === undefined ? {} : { "× lint": (wall(timing) / base).toFixed(2) }),
  };
}

/** `size` tools, as one file of a project holds them (one agent). */
function project(spec: OperationIndex, size: number): LoadedTool[] {
  return githubRequestTools(spec, size).configs.map((config, i) => ({
    config,
    source: { file: "github-tools.yaml", path: `[${i}]` },
  }));
}
