import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { packagePath } from "../../src/package-root.js";

/** The CLI as users run it: package.json's `bin` (the bundle `npm run build` writes, dist/cli/). */
export const SHIPPED_CLI = packagePath(
  (JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as { bin: { tooldeck: string } }).bin
    .tooldeck,
);

/** tsc's output for src/cli/main.ts, unbundled: what the bundle is made from. */
export const UNBUNDLED_CLI = packagePath("dist", "src", "cli", "main.js");

/**
 * The built CLI running as a child process: what it has printed on stdout so far, and `stop`, which
 * sends SIGTERM and gives its exit code.
 */
export function startShippedCli(args: readonly string[]) {
  const child = spawn(process.execPath, [SHIPPED_CLI, ...args]);
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return {
    stdout: () => out,
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
