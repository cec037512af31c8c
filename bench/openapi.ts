// bench/openapi: load + index + build every tool of GitHub's REST description (@octokit/openapi,
// ~1,200 operations, 13 MB of JSON) under both profiles, against @langchain/classic's
// convertOpenAPISpecToOpenAIFunctions as the baseline in the same run. Every run is a fresh process
// (cold, like a CLI call), so peak RSS is per side; the median of BENCH_RUNS runs (default 7) is shown,
// both for the work itself and for the whole process (imports included: tooldeck through its root entry).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { packagePath } from "../src/package/package-root.js";
import { printTable } from "./support/table.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SPEC = packagePath("node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
const TARGET = fileURLToPath(new URL("./support/openapi-target.js", import.meta.url));

interface Run {
  seconds: number;
  /** The whole process, spawn to exit: module loading included. */
  wallSeconds: number;
  tools: number;
  schemaBytes: number;
  peakRssMb: number;
  phases: { load?: number; index?: number; tools?: number };
}

function runOnce(side: string): Run {
  const start = performance.now();
  const child = spawnSync(process.execPath, [TARGET, side, SPEC], { encoding: "utf8" });
  const wallSeconds = (performance.now() - start) / 1000;
  if (child.status !== 0) throw new Error(`${side} failed: ${child.stderr}`);
  return { ...(JSON.parse(child.stdout.trim().split("\n").at(-1) as string) as Run), wallSeconds };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const sides = [
  ["langchain", "@langchain/classic convertOpenAPISpecToOpenAIFunctions (baseline)"],
  ["tooldeck-standard", "tooldeck createToolkit, standard profile"],
  ["tooldeck-flowise", "tooldeck createToolkit, flowise profile"],
] as const;

const results = new Map<string, Run[]>();
for (let i = 0; i < RUNS; i++) {
  // Interleaved, so drift on a shared machine hits every side alike.
  for (const [side] of sides) results.set(side, [...(results.get(side) ?? []), runOnce(side)]);
}

const baseline = median((results.get("langchain") ?? []).map((run) => run.seconds));
const wallBaseline = median((results.get("langchain") ?? []).map((run) => run.wallSeconds));
const fmt = (seconds: number | undefined) => (seconds === undefined ? "" : seconds.toFixed(3));
printTable(`GitHub REST description: load + index + build all tools (median of ${RUNS} cold runs)`, [
  ...sides.map(([side, label]) => {
    const runs = results.get(side) ?? [];
    const seconds = median(runs.map((run) => run.seconds));
    return {
      side: label,
      tools: runs[0]?.tools ?? 0,
      "schema KB": Math.round((runs[0]?.schemaBytes ?? 0) / 1024),
      seconds: fmt(seconds),
      "peak RSS MB": Math.round(Math.max(...runs.map((run) => run.peakRssMb))),
      "time vs baseline": (seconds / baseline).toFixed(2),
      "whole process s": fmt(median(runs.map((run) => run.wallSeconds))),
      "whole process vs baseline (target < 1)": (
        median(runs.map((run) => run.wallSeconds)) / wallBaseline
      ).toFixed(2),
    };
  }),
]);
// LangChain's "load" is reading and JSON.parse only (it resolves $refs while converting); tooldeck's
// also resolves the $refs tools need. JSON.parse is slower in tooldeck's process: loading zod 4 (its
// config model), whose index imports ~50 locale modules, makes the same JSON.parse ~20 ms slower.
printTable("phases (median seconds; build tools includes serialising every schema)", [
  ...sides.map(([side, label]) => {
    const runs = results.get(side) ?? [];
    const phase = (key: "load" | "index" | "tools") =>
      runs.some((run) => run.phases[key] !== undefined)
        ? fmt(median(runs.map((run) => run.phases[key] ?? 0)))
        : "-";
    return {
      side: label,
      "load (read, parse, $refs)": phase("load"),
      index: phase("index"),
      "build tools": phase("tools"),
    };
  }),
]);
