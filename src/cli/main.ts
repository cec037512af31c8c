#!/usr/bin/env node
import { runCli } from "./run-cli.js";

/** How long a command may take to stop after SIGINT/SIGTERM before it is ended anyway. */
const STOP_GRACE_MS = 1500;
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

const stop = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    stop.abort();
    // A command stops cleanly on the abort (serve closes its sockets, a probe gives up); whatever does
    // not, a hung request or a busy loop, is ended here: a CI job's SIGTERM always works within 2 s.
    setTimeout(() => process.exit(SIGNAL_EXIT[signal]), STOP_GRACE_MS).unref();
  });
}

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  signal: stop.signal,
  isTTY: { stdout: Boolean(process.stdout.isTTY), stderr: Boolean(process.stderr.isTTY) },
});
