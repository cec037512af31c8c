import { type ChildProcess, spawn } from "node:child_process";
import { customCodeChild } from "./custom-code-child.js";

/** The V8 heap of one Custom Code process, in MB: enough for JSON work, a heap bomb dies fast. */
export const CUSTOM_CODE_HEAP_MB = 64;

/** How much of the child's stderr is kept: enough to tell an out-of-memory death from a crash. */
const STDERR_KEPT_CHARS = 4096;

const CHILD_FLAGS = [
  `--max-old-space-size=${CUSTOM_CODE_HEAP_MB}`,
  // Node 20's permission model: no file read or write, no child processes, no workers, no addons.
  "--experimental-permission",
  // eval and new Function refused in the child's own realm too, not only in the vm context.
  "--disallow-code-generation-from-strings",
  "--no-warnings",
  "--input-type=module",
];

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** A running Custom Code process and the tail of its stderr. */
export interface CustomCodeProcess {
  child: ChildProcess;
  stderr(): string;
}

/** The child's `-e` module: `customCodeChild` called with `node:vm`. */
const CHILD_PROGRAM = `import * as vm from "node:vm";\n(${customCodeChild.toString()})(vm);`;

/**
 * Starts one Custom Code process: this Node binary running `customCodeChild` under the permission
 * model, with no environment at all, no terminal and a JSON-only IPC channel. It is killed with the
 * host if the host exits first. `program` replaces the child's module (tests of the confinement).
 */
export function startCustomCodeProcess(program = CHILD_PROGRAM): CustomCodeProcess {
  const child = spawn(process.execPath, [...CHILD_FLAGS, "-e", program], {
    env: {},
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "json",
    windowsHide: true,
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT_CHARS);
  });
  track(child);
  return { child, stderr: () => stderr };
}

/** Ends a Custom Code process now, whatever it is doing. */
export function killCustomCodeProcess(child: ChildProcess): void {
  live.delete(child);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** Why a child died before answering: out of memory (V8's fatal heap error), a signal or an exit code. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null, stderr: string): string {
  if (/heap out of memory|Reached heap limit/i.test(stderr))
    return "custom code failed: its process ran out of memory";
  if (signal) return `custom code failed: its process was killed by ${signal}`;
  return `custom code failed: its process exited with code ${code}`;
}

function track(child: ChildProcess): void {
  live.add(child);
  child.once("exit", () => live.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const running of live) running.kill("SIGKILL");
  });
}
