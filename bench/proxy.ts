// bench/proxy: the latency `tooldeck proxy` adds to a call, against a direct call of the same server in
// the same run. The event service (`tooldeck serve`'s) runs in its own process; the proxy (the built CLI,
// as users run it) in another, once plain and once checking every call against the event API's
// description and recording it. One client calls one after the other (keep-alive), alternating direct
// and proxied calls, so both meet the same machine noise; p50 and p99 of each, and the p50 added.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packagePath } from "../src/package/package-root.js";
import { median } from "./support/interleaved.js";
import { printTable } from "./support/table.js";

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);

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
const direct = `http://127.0.0.1:${service.url}/events/1`;
const cli = packagePath("dist", "cli", "tooldeck.js");
const rows: Record<string, string | number>[] = [];
for (const [label, extra] of [
  ["plain", []],
  [
    "--spec and --record",
    [
      "--spec",
      packagePath("tools", "event-api.openapi.yaml"),
      "--record",
      mkdtempSync(join(tmpdir(), "proxy-bench-")),
    ],
  ],
] as const) {
  const proxy = await start(
    [cli, "proxy", "--target", `http://127.0.0.1:${service.url}`, "--port", "0", ...extra],
    /listening on (http:\/\/\S+)/,
  );
  // The proxy prints a line per call: read and dropped, as a terminal would.
  proxy.child.stdout?.resume();
  const proxied = `${proxy.url}/events/1`;
  for (let i = 0; i < 300; i++) await Promise.all([timed(direct), timed(proxied)]);
  const directMs: number[] = [];
  const proxiedMs: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    directMs.push(await timed(direct));
    proxiedMs.push(await timed(proxied));
  }
  proxy.child.kill("SIGTERM");
  rows.push({
    proxy: label,
    calls: CALLS,
    "direct p50 ms": median(directMs).toFixed(3),
    "proxied p50 ms": median(proxiedMs).toFixed(3),
    "added p50 ms (target < 2)": (median(proxiedMs) - median(directMs)).toFixed(3),
    "direct p99 ms": percentile(directMs, 99).toFixed(3),
    "proxied p99 ms": percentile(proxiedMs, 99).toFixed(3),
  });
}
service.child.kill("SIGTERM");
printTable(
  "tooldeck proxy: latency added to GET /events/1 of the event service (loopback, one client, keep-alive)",
  rows,
);
