import { runCli } from "../../src/cli/run-cli.js";
import { packagePath } from "../../src/package-root.js";
import { captureIo } from "./capture-io.js";

/** Runs tooldeck in-process from the package root, as `npm start` does, with these environment variables. */
export async function tooldeckWithEnv(env: Record<string, string>, ...args: string[]) {
  return tooldeckIn(packagePath(), env, ...args);
}

/** Runs tooldeck in-process from `dir` (where it looks for tooldeck.config.yaml), with these environment variables. */
export async function tooldeckIn(dir: string, env: Record<string, string>, ...args: string[]) {
  const captured = captureIo(new AbortController().signal, env);
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const exit = await runCli(args, captured.io);
    return { exit, stdout: captured.stdout(), stderr: captured.stderr() };
  } finally {
    process.chdir(cwd);
  }
}

/** Runs tooldeck in-process from the package root: its exit code and what it printed. */
export async function tooldeck(...args: string[]) {
  return tooldeckWithEnv({}, ...args);
}
