import { toJsonText } from "../../text/safe-text.js";
import type { ScenarioResult } from "../scenario-result.js";

/** One line of a run report: a scenario run, or a scenario file that could not run. */
export interface RunEntry {
  file: string;
  name: string;
  passed: boolean;
  /** Why it failed: failures, diff lines, or the load error. */
  lines: string[];
  /** `drift: call 1 update_event: …` lines: recorded calls off the API description (not failures). */
  drift?: string[];
  result?: ScenarioResult;
}

export interface RunReport {
  entries: RunEntry[];
}

/** A report entry for a scenario that ran. */
export function toRunEntry(result: ScenarioResult): RunEntry {
  return {
    file: result.file ?? "",
    name: `${result.name} [${result.profile}]`,
    passed: result.passed,
    lines: [...result.failures, ...result.diff],
    drift: result.drift.map((line) => `drift: ${line}`),
    result,
  };
}

/** JSON: the summary and every scenario with its calls, failures, diff and drift. */
export function formatRunJson(report: RunReport): string {
  const passed = report.entries.filter((entry) => entry.passed).length;
  const scenarios = report.entries.map((entry) =>
    entry.result
      ? { ...entry.result }
      : { file: entry.file, name: entry.name, passed: false, error: entry.lines[0] },
  );
  return `${toJsonText(JSON.stringify({ passed, failed: report.entries.length - passed, scenarios }, null, 2))}\n`;
}
