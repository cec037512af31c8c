import { toLineText, toTerminalText } from "../../text/safe-text.js";
import { escapeCommandData, escapeCommandProperty } from "../../text/workflow-command-escape.js";
import type { Severity } from "../diagnostic.js";
import type { CheckReport } from "../report.js";
import { summarize } from "../report.js";
import { describeRuleOverrides } from "../rule-overrides.js";
import { locateJsonPath } from "./locate-json-path.js";

const COMMAND: Record<Severity, "error" | "warning" | "notice"> = {
  error: "error",
  warning: "warning",
  info: "notice",
};

export interface GithubOptions {
  /** Reads a config file to place annotations on lines; files that cannot be read get none. */
  readFile: (file: string) => string | undefined;
}

/**
 * GitHub Actions workflow commands, one per finding, so each shows as an annotation on the pull
 * request's file and line: `::error file=tools/x.yaml,line=12,title=operation-not-found::update_event: …`.
 * Values are escaped as the runner expects (`%`, CR and LF in messages; also `:` and `,` in properties).
 * Rules the settings turned off or lowered are a `::notice::` each, so the run's summary shows them.
 */
export function formatGithub(report: CheckReport, options: GithubOptions): string {
  const texts = new Map<string, string | undefined>();
  const textOf = (file: string) => {
    if (!texts.has(file)) texts.set(file, options.readFile(file));
    return texts.get(file);
  };
  const lines = report.diagnostics.map((diagnostic) => {
    const text = textOf(diagnostic.file);
    const properties = [
      `file=${escapeCommandProperty(toLineText(diagnostic.file))}`,
      ...(text === undefined ? [] : [`line=${locateJsonPath(text, diagnostic.path)}`]),
      `title=${escapeCommandProperty(diagnostic.code)}`,
    ];
    const subject = diagnostic.tool ? `${diagnostic.tool}: ` : "";
    const suggestion = diagnostic.suggestion ? ` (${diagnostic.suggestion})` : "";
    // A server's text can carry terminal escapes: the log shows them, it does not obey them.
    const message = toTerminalText(`${subject}${diagnostic.message}${suggestion}`);
    return `::${COMMAND[diagnostic.severity]} ${properties.join(",")}::${escapeCommandData(message)}`;
  });
  const overrides = describeRuleOverrides(report.ruleOverrides).map(
    (line) => `::notice::${escapeCommandData(toTerminalText(line.text))}`,
  );
  return `${[...lines, ...overrides, `${summarize(report)} (profile ${report.profile})`].join("\n")}\n`;
}
