import { styleText } from "node:util";
import { groupBy } from "../../json/group-by.js";
import { toLineText } from "../../text/safe-text.js";
import { type Diagnostic, type Severity, toolLabel } from "../diagnostic.js";
import { type CheckReport, describeProfiles, findingBelongsTo, summarize } from "../report.js";
import { describeRuleOverrides } from "../rule-overrides.js";
import { describeSuppressions } from "../suppress/describe-suppressions.js";
import { fixText } from "./fix-text.js";
import { createDiagnosticLocator, type ReadReportedFile } from "./locate-diagnostic.js";
import type { TextPosition } from "./locate-json-path.js";

type Style = Parameters<typeof styleText>[0];
const SEVERITY_STYLE: Record<Severity, Style> = { error: "red", warning: "yellow", info: "blue" };

/** Findings of one rule and severity shown in full before the rest are counted: about a screenful. */
export const SIMILAR_FINDINGS_SHOWN = 10;

/**
 * The human report: grouped by file, each tool with the request it really sends, each finding with its
 * rule, place (`at tools/x.yaml:12:3 (url)` when `readFile` can read the file, which terminals and
 * editors open there), the probe failures folded into it, suggestion and fix; a one-line summary last,
 * then the rules the settings turned off or lowered and what accepted the findings it does not count
 * (`suppressed: 2 by comments in tools/x.yaml`; json and sarif list each). Colours only when asked (a TTY, FORCE_COLOR).
 * Findings like one another (one rule, one severity) are shown `SIMILAR_FINDINGS_SHOWN` times, then
 * counted (`… and 3,812 more like this`): more of them would fill screens with nothing new; json and
 * sarif keep every one.
 */
export function formatStylish(
  report: CheckReport,
  options: {
    color?: boolean;
    docsUrl?: (code: string) => string | undefined;
    readFile?: ReadReportedFile;
  } = {},
): string {
  // validateStream off: the caller decided (a TTY, FORCE_COLOR, NO_COLOR); styleText would otherwise check stdout itself.
  // Every text painted comes from configs or servers: one line each, its control characters shown, not obeyed.
  const paint = (style: Style, text: string) =>
    options.color ? styleText(style, toLineText(text), { validateStream: false }) : toLineText(text);
  const locate = createDiagnosticLocator(options.readFile ?? (() => undefined));
  const lines: string[] = [];
  const similar = createSimilarGate(report.diagnostics);
  const print = (diagnostic: Diagnostic, tool?: string) => {
    const gate = similar(diagnostic);
    if (gate === "hide") return;
    lines.push(
      ...formatDiagnostic(diagnostic, paint, { tool, at: locate(diagnostic), docsUrl: options.docsUrl }),
    );
    if (gate > 0)
      lines.push(`    … and ${gate.toLocaleString("en")} more like this  ${paint("dim", diagnostic.code)}`);
  };
  // Indexed once, so that the report is linear in tools and findings (40,000 tools print in a blink).
  const toolsByFile = groupBy(report.tools, (tool) => tool.file);
  const findingsByFile = groupBy(report.diagnostics, (diagnostic) => diagnostic.file);
  for (const file of new Set([...toolsByFile.keys(), ...findingsByFile.keys()])) {
    const tools = toolsByFile.get(file) ?? [];
    const findings = findingsByFile.get(file) ?? [];
    const profile = tools.find((tool) => tool.profile !== report.profile)?.profile;
    lines.push(`${paint("underline", file)}${profile ? `  (profile ${profile})` : ""}`);
    const findingsByTool = groupBy(findings, (diagnostic) => diagnostic.tool);
    const owned = tools.map((tool) =>
      (findingsByTool.get(tool.name) ?? []).filter((d) => findingBelongsTo(d, tool)),
    );
    const shown = new Set(owned.flat());
    // Findings of no listed tool (a config that did not load, a file's own) belong to the file: printed
    // under its name, before its tools, never under the heading of the tool printed last.
    for (const diagnostic of findings.filter((d) => !shown.has(d))) print(diagnostic, toolLabel(diagnostic));
    tools.forEach((tool, index) => {
      lines.push(`  ${paint("bold", tool.name)}${tool.sent ? `  ${paint("dim", tool.sent)}` : ""}`);
      for (const diagnostic of owned[index] ?? []) print(diagnostic);
    });
    lines.push("");
  }
  const errors = report.diagnostics.some((d) => d.severity === "error");
  lines.push(
    paint(
      errors ? "red" : "green",
      `${errors ? "✖" : "✔"} ${summarize(report)} (profile ${describeProfiles(report)})`,
    ),
    ...describeRuleOverrides(report.ruleOverrides).map((line) => paint("yellow", line.text)),
    ...describeSuppressions(report).map((line) => paint("yellow", line)),
  );
  return `${lines.join("\n")}\n`;
}

/**
 * For each finding in print order: shown (0), shown and the last of its kind shown, with how many more
 * there are (n), or hidden.
 */
function createSimilarGate(diagnostics: readonly Diagnostic[]): (diagnostic: Diagnostic) => number | "hide" {
  const kindOf = (diagnostic: Diagnostic) => `${diagnostic.code}\u0000${diagnostic.severity}`;
  const totals = new Map<string, number>();
  for (const diagnostic of diagnostics)
    totals.set(kindOf(diagnostic), (totals.get(kindOf(diagnostic)) ?? 0) + 1);
  const shown = new Map<string, number>();
  return (diagnostic) => {
    const kind = kindOf(diagnostic);
    const count = (shown.get(kind) ?? 0) + 1;
    shown.set(kind, count);
    if (count > SIMILAR_FINDINGS_SHOWN) return "hide";
    return count === SIMILAR_FINDINGS_SHOWN ? (totals.get(kind) ?? count) - count : 0;
  };
}

interface Shown {
  /** The tool's name, for a finding printed apart from its tool. */
  tool: string | undefined;
  /** Where the finding's path is written in its file. */
  at: TextPosition | undefined;
  docsUrl: ((code: string) => string | undefined) | undefined;
}

function formatDiagnostic(
  diagnostic: Diagnostic,
  paint: (style: Style, text: string) => string,
  { tool, at, docsUrl }: Shown,
): string[] {
  const label = paint(SEVERITY_STYLE[diagnostic.severity], diagnostic.severity.padEnd(7));
  const subject = tool ? `${tool}: ` : "";
  const message = toLineText(`${subject}${diagnostic.message}`);
  const lines = [`    ${label} ${message}  ${paint("dim", diagnostic.code)}`];
  const indent = " ".repeat(12);
  if (diagnostic.path) {
    const where = at ? `${diagnostic.file}:${at.line}:${at.column} (${diagnostic.path})` : diagnostic.path;
    lines.push(`${indent}${paint("dim", `at ${where}`)}`);
  }
  for (const related of diagnostic.related ?? [])
    lines.push(
      `${indent}${paint("dim", `${related.code} ${related.severity}:`)} ${toLineText(related.message)}`,
    );
  if (diagnostic.suggestion) lines.push(`${indent}→ ${toLineText(diagnostic.suggestion)}`);
  if (diagnostic.fix) lines.push(`${indent}${paint(fixColour(diagnostic.fix), fixText(diagnostic.fix))}`);
  const docs = docsUrl?.(diagnostic.code);
  if (docs) lines.push(`${indent}${paint("dim", `docs: ${docs}`)}`);
  return lines;
}

/** Green for a fix --fix applies, yellow for a suggestion, dim for one it cannot write in the file. */
function fixColour(fix: NonNullable<Diagnostic["fix"]>): "green" | "yellow" | "dim" {
  if (fix.notFixable !== undefined) return "dim";
  return fix.changesTool ? "yellow" : "green";
}
