// bench/startup: wall time of whole CLI processes against `node -e 0` in the same run, interleaved
// (each round runs every command once, in turn), median of the rounds. Targets (issue 17): --help
// ≤ 1.5×, lint ≤ 3×, check ≤ 4.5× of `node -e 0`, and `tooldeck lint` at least 1.5× faster than
// `@redocly/cli lint` on the event spec. Runs the CLI users run (package.json's bin, the bundle);
// tsc's unbundled output is measured beside it for reference. Needs `npm run build`. Issue 44's target,
// `lint` of tools/ no slower than before Dify: BENCH_BASELINE_CLI=<an older build's dist/cli/tooldeck.js>
// adds that CLI's `lint tools/` to the same rounds.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { packagePath } from "../src/package/package-root.js";
import { printTable } from "./support/table.js";

const ROUNDS = 11;

function binOf(packageJson: string, name: string): string {
  const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as { bin: Record<string, string> };
  return packagePath(packageJson.replace(/package\.json$/, ""), manifest.bin[name] ?? "");
}

const CLI = binOf("package.json", "tooldeck");
const UNBUNDLED = packagePath("dist", "src", "cli", "main.js");
const REDOCLY = binOf("node_modules/@redocly/cli/package.json", "redocly");
const EVENT_SPEC = "tools/event-api.openapi.yaml";
const BASELINE_CLI = process.env.BENCH_BASELINE_CLI;

interface Case {
  name: string;
  args: readonly string[];
  /** The most this command may take, as a multiple of `node -e 0`. */
  target?: number;
}

const CASES: readonly Case[] = [
  { name: "node -e 0", args: ["-e", "0"] },
  { name: "tooldeck --help", args: [CLI, "--help"], target: 1.5 },
  { name: "tooldeck check --help", args: [CLI, "check", "--help"], target: 1.5 },
  { name: "tooldeck lint (tools/)", args: [CLI, "lint", "tools/"], target: 3 },
  { name: "tooldeck lint (tools/, unbundled)", args: [UNBUNDLED, "lint", "tools/"] },
  { name: "tooldeck check (tools/)", args: [CLI, "check", "tools/"], target: 4.5 },
  { name: "tooldeck lint (tools/ --spec event spec)", args: [CLI, "lint", "tools/", "--spec", EVENT_SPEC] },
  { name: "redocly lint (event spec)", args: [REDOCLY, "lint", EVENT_SPEC] },
  ...(BASELINE_CLI ? [{ name: "baseline CLI: lint (tools/)", args: [BASELINE_CLI, "lint", "tools/"] }] : []),
];

// Redocly CLI sends telemetry and checks for updates unless told not to; neither belongs in a timing.
const ENV = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
};

/** Milliseconds one process takes from spawn to exit. */
function run(args: readonly string[]): number {
  const start = performance.now();
  spawnSync(process.execPath, args, { cwd: packagePath(), stdio: "ignore", env: ENV });
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
const medianOf = (name: string) => median(times.get(name) ?? []);
const baseline = medianOf("node -e 0");
printTable(
  `CLI start-up, whole processes (median of ${ROUNDS} interleaved rounds; baseline node -e 0 = ${baseline.toFixed(0)} ms, same run)`,
  CASES.map((c) => {
    const ms = medianOf(c.name);
    const ratio = ms / baseline;
    return {
      command: c.name,
      "median ms": ms.toFixed(0),
      "× node -e 0": ratio.toFixed(2),
      target: c.target === undefined ? "—" : `≤ ${c.target}× ${ratio <= c.target ? "(met)" : "(missed)"}`,
    };
  }),
);
const faster = medianOf("redocly lint (event spec)") / medianOf("tooldeck lint (tools/ --spec event spec)");
console.log(
  `\ntooldeck lint is ${faster.toFixed(2)}× faster than @redocly/cli lint on the event spec (target ≥ 1.5×: ${faster >= 1.5 ? "met" : "missed"})`,
);
if (BASELINE_CLI) {
  const change = medianOf("tooldeck lint (tools/)") / medianOf("baseline CLI: lint (tools/)");
  console.log(
    `tooldeck lint (tools/) takes ${change.toFixed(2)}× the baseline CLI's time (target ≤ 1.00, noise aside)`,
  );
}
