import type { CliIo } from "../../src/cli/cli-io.js";

/** A CliIo that records what a command prints. */
export function captureIo(signal = new AbortController().signal, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
    env,
    signal,
  };
  return { io, stdout: () => out.join(""), stderr: () => err.join("") };
}
