#!/usr/bin/env node
import { runCli } from "./run-cli.js";

const stop = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  signal: stop.signal,
  isTTY: { stdout: Boolean(process.stdout.isTTY), stderr: Boolean(process.stderr.isTTY) },
});
