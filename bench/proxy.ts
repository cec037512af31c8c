// bench/proxy: the latency `tooldeck proxy` adds to a call, against a direct call of the same server in
// the same run, and what recording costs as the journal grows. The event service (`tooldeck serve`'s)
// runs in its own process; two proxies (the built CLI, as users run it) run beside it, one plain and one
// checking every call against the event API's description and recording it. One client calls the three
// one after the other (keep-alive), in turn, so all meet the same machine noise: p50 and p99 of each,
// over the whole run and over its last tenth (when the journal holds ~BENCH_CALLS exchanges; default
// 50,000: issue 41's target is a recording p99 there within 1.5× of the plain proxy's).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packagePath } from "../src/package/package-root.js";
import { median } from "./support/interleaved.js";
import { printTable } from "./support/table.js";

const CALLS = Number(process.env.BENCH_CALLS ?? 50_000);
const LAST = Math.max(1, Math.round(CALLS / 10));

/** A process that prints its URL (or port) once listening. */
async function start(args: string[], pattern: RegExp): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk) => {
      text += String(chunk);
      const found = pattern.exec(text)?.[1];
      if (found) resolve(found);
    });
    child.once("exit", () => reject(new Error(`${args.join(" ")} stopped`)));
  });
  return { url, child };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

const service = await start(
  [packagePath("dist", "bench", "support", "serve-target.js"), "tooldeck"],
  /^(\d+)/m,
);
const target = `http://127.0.0.1:${service.url}`;
const cli = packagePath("dist", "cli", "tooldeck.js");
const spec = packagePath("tools", "event-api.openapi.yaml");
const proxies = {
  plain: await start([cli, "proxy", "--target", target, "--port", "0"], /listening on (http:\/\/\S+)/),
  "--spec and --record": await start(
    [
      cli,
      "proxy",
      "--target",
      target,
      "--port",
      "0",
      "--spec",
      spec,
      "--record",
      mkdtempSync(join(tmpdir(), "proxy-bench-")),
    ],
    /listening on (http:\/\/\S+)/,
  ),
};
const urls: Record<string, string> = { direct: `${target}/events/1` };
for (const [label, proxy] of Object.entries(proxies)) {
  // The proxy prints a line per call: read and dropped, as a terminal would.
  proxy.child.stdout?.resume();
  urls[label] = `${proxy.url}/events/1`;
}
const labels = Object.keys(urls);
const times: Record<string, number[]> = Object.fromEntries(labels.map((label) => [label, []]));
for (let i = 0; i < 300; i++) for (const label of labels) await timed(urls[label] as string);
for (let i = 0; i < CALLS; i++) {
  // Each in turn, starting with another one each time: none is always first after a pause.
  for (let j = 0; j < labels.length; j++) {
    const label = labels[(i + j) % labels.length] as string;
    times[label]?.push(await timed(urls[label] as string));
  }
}
for (const proxy of Object.values(proxies)) proxy.child.kill("SIGTERM");
service.child.kill("SIGTERM");
const direct = times.direct as number[];
const rows = labels.map((label) => {
  const all = times[label] as number[];
  return {
    calls: label,
    count: all.length,
    "p50 ms": median(all).toFixed(3),
    "added p50 ms (target < 2)": label === "direct" ? "" : (median(all) - median(direct)).toFixed(3),
    "p99 ms": percentile(all, 99).toFixed(3),
    [`p99 of the last ${LAST} ms`]: percentile(all.slice(-LAST), 99).toFixed(3),
  };
});
printTable(
  "tooldeck proxy: latency added to GET /events/1 of the event service (loopback, one client, keep-alive)",
  rows,
);
const lastP99 = (label: string) => percentile((times[label] as number[]).slice(-LAST), 99);
console.log(
  `\nrecording p99 at ${CALLS} recorded exchanges / plain proxy p99, same run: ${(lastP99("--spec and --record") / lastP99("plain")).toFixed(2)}× (target <= 1.5)`,
);
