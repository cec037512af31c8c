// The processes a bench starts (servers, proxies), started and ended alike by every bench that uses them.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import type { Readable } from "node:stream";

/** A child process that printed the address it listens on. */
export interface StartedChild {
  /** What `pattern`'s first group captured on the child's first matching line. */
  found: string;
  child: ChildProcess;
}

/** The longest unfinished line kept while waiting for the address (a child printing no newline). */
const MAX_LINE_CHARS = 64 * 1024;

const children = new Set<ChildProcess>();

/**
 * `node ...args` in its own process, once a line of its stdout matches `pattern`. The rest of its stdout is
 * read and dropped, as a terminal would: a proxy prints a line a call, and a pipe nobody reads blocks
 * its writes, while keeping the text (the first version of bench/proxy appended every line to a string
 * and ran the pattern over all of it at each chunk) grew the bench's own cost with every call.
 * The child is killed when the bench ends, however it ends (see `stopChildren`).
 */
export async function startChild(args: readonly string[], pattern: RegExp): Promise<StartedChild> {
  killChildrenOnExit();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const stdout = child.stdout as Readable;
  const found = await Promise.race([
    firstMatch(stdout, pattern),
    once(child, "exit").then(([code, signal]) => {
      throw new Error(
        `node ${args.join(" ")} stopped (${signal ?? `exit ${code}`}) before printing ${pattern}`,
      );
    }),
  ]);
  stdout.resume();
  return { found, child };
}

/** The first group of the first line `pattern` matches; the listener is gone once it is found. */
function firstMatch(stream: Readable, pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let partial = "";
    const onData = (chunk: Buffer) => {
      const lines = `${partial}${chunk.toString("utf8")}`.split("\n");
      partial = (lines.pop() ?? "").slice(-MAX_LINE_CHARS);
      for (const line of lines) {
        const found = pattern.exec(line)?.[1];
        if (found === undefined) continue;
        stream.off("data", onData);
        resolve(found);
        return;
      }
    };
    stream.on("data", onData);
  });
}

/** Ends every child still running (SIGTERM, as a user's Ctrl+C would) and waits until they have exited. */
export async function stopChildren(): Promise<void> {
  const running = [...children];
  for (const child of running) child.kill("SIGTERM");
  await Promise.all(running.map((child) => (children.has(child) ? once(child, "exit") : undefined)));
}

let installed = false;

/**
 * A bench that throws, is interrupted (Ctrl+C, SIGTERM) or ends without `stopChildren` leaves no process
 * behind: each one still running is killed as the bench exits.
 */
function killChildrenOnExit(): void {
  if (installed) return;
  installed = true;
  process.once("exit", () => {
    for (const child of children) child.kill("SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.once(signal, () => process.exit(signal === "SIGINT" ? 130 : 143));
}
