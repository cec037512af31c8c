/** What a command may touch of the outside world; tests pass their own. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  /** Aborted on SIGINT/SIGTERM: long-running commands (serve) stop cleanly. */
  signal: AbortSignal;
  /** Which streams are terminals: colours on stdout, progress on stderr. Absent = neither. */
  isTTY?: { stdout: boolean; stderr: boolean };
  /**
   * From now on print these values as `***` (`--var` secrets, docs/security.md). `runCli` gives every
   * command an io that has it (src/cli/masked-io.ts).
   */
  hideSecrets?: (values: readonly string[]) => void;
}

/** One sub-command: its help text and what it does. Returns the exit code. */
export interface Command {
  name: string;
  summary: string;
  help: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** Exit codes shared by every command (DESIGN.md, CLI contract). */
export const EXIT = { ok: 0, findings: 1, usage: 2 } as const;
