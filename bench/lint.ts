// bench/lint: request-tool configs for GitHub's REST description (@octokit/openapi, 1,223 tool operations),
// every tenth broken in a known way, linted against the spec (standard profile): as they are, then copied
// under other names up to 10,000 and 40,000 tools (×33). Prints, per size, lint()'s median of 5 runs
// (the sizes interleaved, so that a busy machine slows them alike), what `tooldeck lint` adds (the whole
// static check and its stylish report), the planted defects found, and t(40k)/t(10k), which a linear lint
// keeps near 4. Targets: 40,000 tools linted under 5 s, the ratio under 5, every planted defect found.
// Then the 1,223 tools with three descriptions in play (an API map: GitHub's by its base URL variable,
// the event API's and a small one's by host) beside the one-spec run of the same sizes, in PAIRS
// interleaved pairs, timed by the clock and by the process's CPU time (a machine busy with other work
// stretches the clock, not the CPU time): matching each tool to its API adds under 5% (issue 38).
import type { LoadedTool } from "../src/config/tool-config.js";
import type { Api, ApiMap } from "../src/lint/api-map/api.js";
import { check } from "../src/lint/check.js";
import type { Diagnostic } from "../src/lint/diagnostic.js";
import { formatStylish } from "../src/lint/format/format-stylish.js";
import { lint } from "../src/lint/lint.js";
import { loadSpecIndex } from "../src/lint/load-check-inputs.js";
import type { OperationIndex } from "../src/openapi/operation-index.js";
import { packagePath } from "../src/package/package-root.js";
import { githubRequestTools, type PlantedDefect, toolOperations } from "./support/github-request-tools.js";
import { printTable } from "./support/table.js";

const SPEC = packagePath("node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
const RUNS = 5;
/** Pairs of one-spec and API-map lints of the 1,223 tools: a 70 ms lint needs many to rise above noise. */
const PAIRS = 25;

const seconds = (ms: number) => (ms / 1000).toFixed(3);

const start = performance.now();
const index = await loadSpecIndex(SPEC);
const indexed = performance.now() - start;
const threeApis = await apiMapOfThree(index);
const mapTimes: number[] = [];
const oneSpecTimes: number[] = [];
const mapCpu: number[] = [];
const oneSpecCpu: number[] = [];
const sizes = [toolOperations(index).length, 10_000, 40_000];
const times = new Map(sizes.map((size) => [size, [] as number[]]));
const lintMs = (size: number) => median(times.get(size) ?? []);
const rows = [];
const missed: string[] = [];
// Each run makes its tools afresh and lets them go: only one size is in memory while it is timed.
for (let run = 1; run <= RUNS; run++) {
  for (const size of sizes) {
    const { tools, planted } = project(index, size);
    const began = performance.now();
    const diagnostics = lint(tools, { profile: "standard", spec: index });
    times.get(size)?.push(performance.now() - began);
    if (size === sizes[0]) compareMapPair(run, diagnostics.length);
    if (run < RUNS) continue;
    const lost = missedDefects(planted, diagnostics);
    missed.push(...lost);
    rows.push({
      tools: size.toLocaleString("en"),
      [`lint s (median of ${RUNS})`]: seconds(lintMs(size)),
      "check + stylish report s": seconds(await reportMs(index, tools)),
      findings: diagnostics.length,
      "planted found": `${planted.length - lost.length}/${planted.length}`,
    });
  }
}
for (let pair = RUNS + 1; pair <= PAIRS; pair++) compareMapPair(pair);
const ratio = lintMs(40_000) / lintMs(10_000);
const mapCost = median(mapTimes) / median(oneSpecTimes) - 1;
const mapCpuCost = median(mapCpu) / median(oneSpecCpu) - 1;
printTable("Lint GitHub's REST description as request tools (standard profile)", rows);
console.log(
  `\nload + index the spec: ${seconds(indexed)} s; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
);
console.log(`40,000 tools linted in ${seconds(lintMs(40_000))} s (target < 5)`);
console.log(`t(40k)/t(10k) = ${ratio.toFixed(2)} (target < 5; linear is 4)`);
console.log(
  `${sizes[0]?.toLocaleString("en")} tools, three descriptions in play: ${seconds(median(mapTimes))} s; one spec: ${seconds(median(oneSpecTimes))} s (baseline, same run); matching adds ${(mapCost * 100).toFixed(1)}% (target < 5%)`,
);
console.log(
  `  by CPU time (median of ${PAIRS} pairs): ${seconds(median(mapCpu))} s against ${seconds(median(oneSpecCpu))} s: matching adds ${(mapCpuCost * 100).toFixed(1)}%`,
);
for (const defect of missed) console.log(`missed: ${defect}`);
process.exitCode = missed.length > 0 || ratio >= 5 || lintMs(40_000) >= 5000 ? 1 : 0;

/**
 * The 1,223 tools linted again with one spec and with the API map, each fresh, their order alternating
 * pair by pair so that neither always pays for the garbage the other left; the map must find what one
 * spec finds (`expected`, when given).
 */
function compareMapPair(pair: number, expected?: number): void {
  const timed = (options: Parameters<typeof lint>[1], wall: number[], cpu: number[]) => {
    const fresh = project(index, sizes[0] ?? 0).tools;
    const cpuBefore = process.cpuUsage();
    const began = performance.now();
    const found = lint(fresh, options);
    wall.push(performance.now() - began);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    return found;
  };
  const mapFirst = pair % 2 === 0;
  if (!mapFirst) timed({ profile: "standard", spec: index }, oneSpecTimes, oneSpecCpu);
  const byApi = timed({ profile: "standard", apis: threeApis }, mapTimes, mapCpu);
  if (mapFirst) timed({ profile: "standard", spec: index }, oneSpecTimes, oneSpecCpu);
  if (expected !== undefined && byApi.length !== expected)
    missed.push(`the API map found ${byApi.length} findings, one spec ${expected}`);
}

/** GitHub's description by its base URL variable, beside the event API's and a small one's by host. */
async function apiMapOfThree(github: OperationIndex): Promise<ApiMap> {
  const events = await loadSpecIndex(packagePath("tools", "event-api.openapi.yaml"));
  const todo = await loadSpecIndex(packagePath("fixtures", "todo", "todo-api.openapi.yaml"));
  const apis: Api[] = [
    { name: "events", spec: events, hosts: ["localhost:5566"], from: "bench" },
    { name: "todo", spec: todo, hosts: ["todo.example.test"], from: "bench" },
    { name: "github", spec: github, hosts: ["api.github.com"], baseUrlVar: "base_url", from: "bench" },
  ];
  return { apis, vars: {} };
}

/** `size` tools, as one file of a project holds them. */
function project(spec: OperationIndex, size: number): { tools: LoadedTool[]; planted: PlantedDefect[] } {
  const { configs, planted } = githubRequestTools(spec, size);
  const tools = configs.map((config, i) => ({
    config,
    source: { file: "github-tools.yaml", path: `[${i}]` },
  }));
  return { tools, planted };
}

/** What `tooldeck lint` does with loaded tools: the static check (lint included) and the stylish report. */
async function reportMs(spec: OperationIndex, tools: LoadedTool[]): Promise<number> {
  const began = performance.now();
  const loaded = { tools, errors: [], warnings: [], specs: [], skipped: [] };
  formatStylish(await check(loaded, { profile: "standard", spec }));
  return performance.now() - began;
}

function missedDefects(planted: PlantedDefect[], diagnostics: Diagnostic[]): string[] {
  const reported = new Set(diagnostics.map((d) => `${d.tool}\u0000${d.code}`));
  return planted
    .filter((defect) => !reported.has(`${defect.tool}\u0000${defect.code}`))
    .map((defect) => `${defect.tool} ${defect.code}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
