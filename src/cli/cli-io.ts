/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  /**
   * Aborted on SIGINT/SIGTERM, with the signal's name (`"SIGTERM"`) as the reason: long-running
   * commands (serve) stop cleanly, requests in flight give up.
   */
  signal: AbortSignal;
  /** The whole of stdin, for the path `-` (one config). Absent = nothing can be read. */
  readStdin?: () => Promise<string>;
  /** Which streams are terminals: colours on stdout, progress on stderr. Absent = neither. */
  isTTY?: { stdout: boolean; stderr: boolean };
  /**
   * Asks the person at the terminal and gives the answer; absent when there is none to ask (stdin or
   * stdout not a terminal): a command then asks nothing.
   */
  ask?: (question: string) => Promise<string>;
  /**
   * From now on print these values as `***` (`--var` secrets, docs/security.md). `runCli` gives every
   * command an io that has it (src/cli/masked-io.ts).
   */
  hideSecrets?: (values: readonly string[]) => void;
  /**
   * A text with the secrets hidden so far, as stdout would print it: for what is escaped before it is
   * printed (an HTML report), where an escaped secret would no longer be found.
   */
  maskSecrets?: (text: string) => string;
}

/** One sub-command: its help text and what it does. Returns the exit code. */
export interface Command {
  name: string;
  summary: string;
  help: string;
  run(args: string[], io: CliIo): Promise<number>;
  /**
   * The signal is this command's normal end (serve; check, lint and run with `--watch`): its own exit
   * code stands, not 130/143. A function decides by the command's arguments.
   */
  endsOnSignal?: boolean | ((args: readonly string[]) => boolean);
}

/** Whether SIGINT/SIGTERM is how this command line normally ends (see `Command.endsOnSignal`). */
export function endsOnSignal(command: Pick<Command, "endsOnSignal">, args: readonly string[]): boolean {
  const ends = command.endsOnSignal;
  return typeof ends === "function" ? ends(args) : ends === true;
}

/** `--watch` among a command's arguments: it runs until Ctrl+C, which is its normal end. */
export function watches(args: readonly string[]): boolean {
  return args.includes("--watch");
}

/**
 * What `tooldeck --help` and `<command> --help` print, known without loading the command, and how long
 * it lets requests in flight finish after SIGINT/SIGTERM (`drainMs`: serve, mcp and proxy), which main.ts
 * gives it before ending the process.
 */
export type CommandInfo = Pick<Command, "name" | "summary" | "help" | "endsOnSignal"> & { drainMs?: number };

/** Exit codes shared by every command (DESIGN.md, CLI contract). */
export const EXIT = { ok: 0, findings: 1, usage: 2 } as const;

/** The shell's code of a command ended by a signal: 128 + its number. */
export const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * The exit code of a command cut short by SIGINT/SIGTERM (the reason of `signal`), or undefined when
 * no such signal came. A command that gives up on the abort must not exit 0 or 1 as if it had run.
 */
export function signalExitCode(signal: AbortSignal): number | undefined {
  if (!signal.aborted) return undefined;
  const reason: unknown = signal.reason;
  return reason === "SIGINT" || reason === "SIGTERM" ? SIGNAL_EXIT[reason] : undefined;
}
