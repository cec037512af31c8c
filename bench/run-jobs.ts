// bench/run-jobs: `tooldeck run` (the bundled bin) on a suite of 200 scenario files, with --jobs 1 and
// --jobs 2, interleaved, medians of 3 runs each: the speed-up, the load average of the machine while it
// ran (other processes share its cores), and whether both gave the same JSON report. Beside them, the
// machine's own ceiling in the same run: two processes at once, each on half the suite (--shard 1/2 and
// 2/2), against one process on all of it: on a machine whose second core others are using, no
// parallel run is faster, and this says so. The suite is the
// project's own scenarios, copied with their cassettes and tools into a temporary project until there are
// 200 files (replays: no model runs). Target: a speed-up of 1.7× or more on 2 cores. Needs `npm run build`.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { packagePath } from "../src/package/package-root.js";
import { printTable } from "./support/table.js";

const FILES = 200;
const ROUNDS = 3;
const CLI = packagePath("dist", "cli", "tooldeck.js");

const project = suiteOf(FILES);
const seconds: Record<"1" | "2" | "shards", number[]> = { "1": [], "2": [], shards: [] };
const reports: Record<"1" | "2", string> = { "1": "", "2": "" };
const loads: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const jobs of ["1", "2"] as const) {
    const began = performance.now();
    const ran = spawnSync(process.execPath, [CLI, "run", "--jobs", jobs, "--format", "json"], {
      cwd: project,
      encoding: "utf8",
      maxBuffer: 512 * 1024 * 1024,
    });
    seconds[jobs].push((performance.now() - began) / 1000);
    loads.push(loadavg()[0] ?? 0);
    if (ran.status !== 0)
      throw new Error(`run --jobs ${jobs} exited ${ran.status}: ${ran.stderr.slice(-500)}`);
    reports[jobs] = ran.stdout;
  }
  seconds.shards.push(await twoShardsAtOnce(project));
}
const one = median(seconds["1"]);
const two = median(seconds["2"]);
const shards = median(seconds.shards);
const scenarios = (JSON.parse(reports["1"]) as { passed: number }).passed;
printTable(`tooldeck run on ${FILES} scenario files (${scenarios} scenario runs, replayed)`, [
  { jobs: 1, "median s": one.toFixed(2), runs: seconds["1"].map((s) => s.toFixed(2)).join(", ") },
  { jobs: 2, "median s": two.toFixed(2), runs: seconds["2"].map((s) => s.toFixed(2)).join(", ") },
  {
    jobs: "ceiling: 2 processes, --shard 1/2 and 2/2 at once",
    "median s": shards.toFixed(2),
    runs: seconds.shards.map((s) => s.toFixed(2)).join(", "),
  },
]);
console.log(`\nspeed-up of --jobs 2: ${(one / two).toFixed(2)}× (target ≥ 1.7× on 2 cores)`);
console.log(`the machine's ceiling now (two processes on halves): ${(one / shards).toFixed(2)}×`);
console.log(`same report with --jobs 1 and --jobs 2: ${reports["1"] === reports["2"] ? "yes" : "NO"}`);
console.log(
  `load average while it ran (1 min): ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} on ${cpus().length} cores`,
);
process.exitCode = reports["1"] === reports["2"] && one / two >= 1.7 ? 0 : 1;

/** Seconds for two CLI processes started together, each on one half of the suite. */
async function twoShardsAtOnce(cwd: string): Promise<number> {
  const began = performance.now();
  const half = (shard: string) =>
    new Promise<void>((done, fail) => {
      const child = spawn(
        process.execPath,
        [CLI, "run", "--jobs", "1", "--shard", shard, "--format", "json"],
        {
          cwd,
          stdio: "ignore",
        },
      );
      child.on("exit", (code) => (code === 0 ? done() : fail(new Error(`--shard ${shard} exited ${code}`))));
    });
  await Promise.all([half("1/2"), half("2/2")]);
  return (performance.now() - began) / 1000;
}

/** A project holding tools/ and `count` scenario files, copies of scenarios/ each with its own cassettes. */
function suiteOf(count: number): string {
  const root = mkdtempSync(join(tmpdir(), "tooldeck-bench-jobs-"));
  cpSync(packagePath("tools"), join(root, "tools"), { recursive: true });
  cpSync(packagePath("fixtures"), join(root, "fixtures"), { recursive: true });
  mkdirSync(join(root, "scenarios", "cassettes"), { recursive: true });
  const originals = readdirSync(packagePath("scenarios")).filter((file) => file.endsWith(".yaml"));
  const cassettes = readdirSync(packagePath("scenarios", "cassettes"));
  for (let copy = 0; copy < count; copy++) {
    const original = originals[copy % originals.length] as string;
    const stem = original.replace(/\.yaml$/, "");
    const name = `${String(copy).padStart(3, "0")}-${stem}`;
    writeFileSync(join(root, "scenarios", `${name}.yaml`), readFileSync(packagePath("scenarios", original)));
    for (const cassette of cassettes.filter((file) => file.startsWith(`${stem}.`)))
      cpSync(
        packagePath("scenarios", "cassettes", cassette),
        join(root, "scenarios", "cassettes", cassette.replace(stem, name)),
      );
  }
  return root;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
