import { toLineText } from "../../text/safe-text.js";
import type { ScenarioResult } from "../scenario-result.js";
import type { RunEntry } from "./run-report.js";

/** One line per scenario (`✓ name (profile) — 1 call, replayed`), then its failures, diff and drift, indented. */
export function formatScenarioText(result: ScenarioResult): string {
  const calls = `${result.calls.length} call${result.calls.length === 1 ? "" : "s"}`;
  const where = result.file ? `  ${result.file}` : "";
  const head = `${result.passed ? "✓" : "✗"} ${result.name} [${result.profile}] — ${calls}, ${result.mode}${where}`;
  const details = [
    ...(result.mode === "recorded" && result.cassette ? [`    recorded ${result.cassette}`] : []),
    ...result.failures.map((line) => `    ${line}`),
    ...result.diff.map((line) => `    ${line}`),
    ...result.drift.map((line) => `    drift: ${line}`),
  ];
  // Diffs and failures quote what servers answered: one line each, control characters shown, not obeyed.
  return [head, ...details].map(toLineText).join("\n");
}

/** One entry of a run report as text: a scenario run, or a scenario file that could not be run. */
export function formatEntryText(entry: RunEntry): string {
  return entry.result ? formatScenarioText(entry.result) : formatBrokenText(entry.file, entry.lines[0] ?? "");
}

/** A scenario file that could not be run at all. */
export function formatBrokenText(file: string, message: string): string {
  return toLineText(`✗ ${file} — ${message}`);
}

/** The last line: always the plain `N passed, M failed`. */
export function formatSummary(passed: number, failed: number): string {
  return `${passed} passed, ${failed} failed`;
}
