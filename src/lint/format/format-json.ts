import { toJsonText } from "../../text/safe-text.js";
import type { Diagnostic } from "../diagnostic.js";
import { perToolFindings } from "../fold-shared-causes.js";
import { type CheckReport, summarize } from "../report.js";
import { createDiagnosticLocator, type ReadReportedFile } from "./locate-diagnostic.js";

export interface JsonOptions {
  /** Reads a config file to give each finding its `line` and `column`; files that cannot be read get none. */
  readFile?: ReadReportedFile;
}

/**
 * The report as JSON: profile, summary, tools and diagnostics (each with the `line` and `column` of its
 * path in its file, when `readFile` can read it), for scripts and CI systems, and `ruleOverrides`
 * (`{ source, off, downgraded }`) when the settings turned rules off or lowered them; `suppressed`,
 * the findings a comment, an override or the baseline accepted, each with its `suppression` (`kind`,
 * `by`, `reason`), and `baseline` (`{ file, hidden, stale }`) with `--baseline`. A cause shared by several
 * tools, one finding in the summary's count, is each tool's finding here, each with the same `cause`
 * (`{ id, summary }`).
 */
export function formatJson(report: CheckReport, options: JsonOptions = {}): string {
  const { profile, tools, ruleOverrides, suppressed, baseline } = report;
  const json = {
    profile,
    summary: summarize(report),
    tools,
    diagnostics: withPositions(perToolFindings(report.diagnostics), options.readFile),
    ...(ruleOverrides ? { ruleOverrides } : {}),
    ...(suppressed ? { suppressed: withPositions(suppressed, options.readFile) } : {}),
    ...(baseline ? { baseline } : {}),
  };
  return `${toJsonText(JSON.stringify(json, null, 2))}\n`;
}

/** Each finding with `line` and `column` right after its `path`, where the file tells them. */
function withPositions(diagnostics: readonly Diagnostic[], readFile: ReadReportedFile | undefined): object[] {
  if (!readFile) return [...diagnostics];
  const locate = createDiagnosticLocator(readFile);
  return diagnostics.map((diagnostic) => {
    const at = locate(diagnostic);
    if (!at) return diagnostic;
    const { code, severity, tool, file, path, ...rest } = diagnostic;
    return { code, severity, tool, file, path, line: at.line, column: at.column, ...rest };
  });
}
