import { ToolDeckError } from "../../errors.js";
import type { RunEntry } from "../../replay/format/run-report.js";

/** The entry of a scenario file, or a scenario, that could not run: its one-line error. */
export function brokenEntry(file: string, name: string, error: unknown): RunEntry {
  const message =
    error instanceof ToolDeckError ? error.message : `internal error: ${(error as Error).message}`;
  return {
    file,
    name,
    passed: false,
    lines: [message.startsWith(`${file}: `) ? message.slice(file.length + 2) : message],
  };
}
