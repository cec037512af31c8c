#!/usr/bin/env node
import { createInterface } from "node:readline/promises";
import { EXIT, SIGNAL_EXIT, watches } from "./cli-io.js";
import { findCommand } from "./command-catalog.js";
import { runCli } from "./run-cli.js";

/** How long a command may take to stop after SIGINT/SIGTERM (and its drain) before it is ended anyway. */
const STOP_GRACE_MS = 1500;

const stop = new AbortController();
const command = findCommand(process.argv[2]);
const drainMs = command?.drainMs ?? 0;
// Ctrl+C is how `--watch` ends: exit 0, even when what it was running is slow to stop.
const watching = command !== undefined && watches(process.argv.slice(3));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  const code = watching ? EXIT.ok : SIGNAL_EXIT[signal];
  process.on(signal, () => {
    // A second signal is the user saying "now": no more waiting for anything.
    if (stop.signal.aborted) process.exit(code);
    stop.abort(signal);
    // A command stops on the abort (serve answers what is in flight, then closes; a request gives up);
    // one that does not, a hung request or a handle left open, is ended here: a CI job's SIGTERM works
    // within 2 s, plus the drain of serve, mcp and proxy, which they print.
    setTimeout(() => process.exit(code), drainMs + STOP_GRACE_MS).unref();
  });
}

let stdin: Promise<string> | undefined;
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => {
    // Read once: `check --fix` loads its paths again after each pass.
    stdin ??= (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    })();
    return stdin;
  },
  env: process.env,
  signal: stop.signal,
  isTTY: { stdout: Boolean(process.stdout.isTTY), stderr: Boolean(process.stderr.isTTY) },
  ...(process.stdin.isTTY && process.stdout.isTTY ? { ask } : {}),
});

/** One question at the terminal (tooldeck init); the interface is closed so that the process can end. */
async function ask(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(question, { signal: stop.signal });
  } finally {
    terminal.close();
  }
}
