// bench/startup: wall time of whole CLI processes against `node -e 0` in the same run, interleaved
// (each round runs every command once, in turn), median of the rounds. Targets (issue 17): --help
// ≤ 1.5×, lint ≤ 3×, check ≤ 4.5× of `node -e 0`. Needs `npm run build` (it runs dist/).
import { spawnSync } from "node:child_process";
import { packagePath } from "../src/package-root.js";
import { printTable } from "./support/table.js";

const ROUNDS = 9;
const CLI = packagePath("dist", "src", "cli", "main.js");

const CASES = [
  { name: "node -e 0", args: ["-e", "0"], target: undefined },
  { name: "tooldeck --help", args: [CLI, "--help"], target: 1.5 },
  { name: "tooldeck check --help", args: [CLI, "check", "--help"], target: 1.5 },
  { name: "tooldeck lint (tools/)", args: [CLI, "lint", "tools/"], target: 3 },
  { name: "tooldeck check (tools/)", args: [CLI, "check", "tools/"], target: 4.5 },
] as const;

/** Milliseconds one process takes from spawn to exit. */
function run(args: readonly string[]): number {
  const start = performance.now();
  spawnSync(process.execPath, args, { cwd: packagePath(), stdio: "ignore" });
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const times = new Map<string, number[]>(CASES.map((c) => [c.name, []]));
for (const c of CASES) run(c.args); // warm the file cache
for (let round = 0; round < ROUNDS; round++) {
  for (const c of CASES) times.get(c.name)?.push(run(c.args));
}
const baseline = median(times.get("node -e 0") ?? []);
printTable(
  `CLI start-up, whole processes (median of ${ROUNDS} interleaved rounds; baseline node -e 0 = ${baseline.toFixed(0)} ms, same run)`,
  CASES.map((c) => {
    const ms = median(times.get(c.name) ?? []);
    const ratio = ms / baseline;
    return {
      command: c.name,
      "median ms": ms.toFixed(0),
      "× node -e 0": ratio.toFixed(2),
      target:
        c.target === undefined ? "baseline" : `≤ ${c.target}× ${ratio <= c.target ? "(met)" : "(missed)"}`,
    };
  }),
);
