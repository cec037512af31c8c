import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package/package-root.js";
import { captureIo } from "./capture-io.js";

/**
 * Runs tooldeck in-process from `cwd` (a project's checkout), with these environment variables; a
 * command that serves stops when `signal` aborts (an aborted one: at once, once listening).
 */
export async function tooldeckIn(
  cwd: string,
  args: readonly string[],
  {
    env = {},
    signal = new AbortController().signal,
  }: { env?: Record<string, string>; signal?: AbortSignal } = {},
) {
  const captured = captureIo(signal, env);
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const exit = await runCli([...args], captured.io);
    return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
  } finally {
    process.chdir(before);
  }
}

/** Runs tooldeck in-process from the package root, as `npm start` does, with these environment variables. */
export async function tooldeckWithEnv(env: Record<string, string>, ...args: string[]) {
  return tooldeckIn(packagePath(), args, { env });
}

/** Runs tooldeck in-process from the package root: its exit code and what it printed. */
export async function tooldeck(...args: string[]) {
  return tooldeckWithEnv({}, ...args);
}
