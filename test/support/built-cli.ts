import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { packagePath } from "../../src/package/package-root.js";

/** The CLI as users run it: package.json's `bin` (the bundle `npm run build` writes, dist/cli/). */
export const SHIPPED_CLI = packagePath(
  (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { bin: { tooldeck: string } }).bin
    .tooldeck,
);

/** tsc's output for src/cli/main.ts, unbundled: what the bundle is made from. */
export const UNBUNDLED_CLI = packagePath("dist", "src", "cli", "main.js");

/**
 * The built CLI running as a child process (with `env` added to this one's): what it has printed on
 * stdout and stderr so far, `stop`, which sends SIGTERM and gives its exit code (or the signal that
 * ended it), `signal` to send one without waiting, `exited` for the code, and `write` to its stdin,
 * which stays open until it exits.
 */
export function startShippedCli(args: readonly string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [SHIPPED_CLI, ...args], { env: { ...process.env, ...env } });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr.on("data", (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? signal)),
  );
  return {
    stdout: () => out,
    stderr: () => err,
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
    signal: (signal: NodeJS.Signals) => void child.kill(signal),
    exited: () => exited,
    write: (text: string) => void child.stdin.write(text),
    /** Ends the process at once, if it is still running (a test's clean-up). */
    kill: () => child.kill("SIGKILL"),
  };
}
