import { toLineText, toTerminalText } from "../../text/safe-text.js";
import { escapeCommandData, escapeCommandProperty } from "../../text/workflow-command-escape.js";
import { type Severity, toolLabel } from "../diagnostic.js";
import type { CheckReport } from "../report.js";
import { summarize } from "../report.js";
import { describeRuleOverrides } from "../rule-overrides.js";
import { describeSuppressions } from "../suppress/describe-suppressions.js";
import { createDiagnosticLocator, type ReadReportedFile } from "./locate-diagnostic.js";

const COMMAND: Record<Severity, "error" | "warning" | "notice"> = {
  error: "error",
  warning: "warning",
  info: "notice",
};

export interface GithubOptions {
  /** Reads a config file to place annotations on lines; files that cannot be read get none. */
  readFile: ReadReportedFile;
}

/**
 * GitHub Actions workflow commands, one per finding, so each shows as an annotation on the pull
 * request's file, line and column: `::error file=tools/x.yaml,line=12,col=3,title=operation-not-found::update_event: …`.
 * Values are escaped as the runner expects (`%`, CR and LF in messages; also `:` and `,` in properties).
 * Rules the settings turned off or lowered, and what accepted suppressed findings, are a `::notice::`
 * each, so the run's summary shows them.
 */
export function formatGithub(report: CheckReport, options: GithubOptions): string {
  const locate = createDiagnosticLocator(options.readFile);
  const lines = report.diagnostics.map((diagnostic) => {
    const at = locate(diagnostic);
    const properties = [
      `file=${escapeCommandProperty(toLineText(diagnostic.file))}`,
      ...(at === undefined ? [] : [`line=${at.line}`, `col=${at.column}`]),
      `title=${escapeCommandProperty(diagnostic.code)}`,
    ];
    const subject = diagnostic.tool ? `${toolLabel(diagnostic)}: ` : "";
    const suggestion = diagnostic.suggestion ? ` (${diagnostic.suggestion})` : "";
    // A server's text can carry terminal escapes: the log shows them, it does not obey them.
    const message = toTerminalText(`${subject}${diagnostic.message}${suggestion}`);
    return `::${COMMAND[diagnostic.severity]} ${properties.join(",")}::${escapeCommandData(message)}`;
  });
  const overrides = [
    ...describeRuleOverrides(report.ruleOverrides).map((line) => line.text),
    ...describeSuppressions(report),
  ].map((text) => `::notice::${escapeCommandData(toTerminalText(text))}`);
  return `${[...lines, ...overrides, `${summarize(report)} (profile ${report.profile})`].join("\n")}\n`;
}
