import { styleText } from "node:util";
import { toLineText } from "../../text/safe-text.js";
import type { Diagnostic, Severity } from "../diagnostic.js";
import { type CheckReport, describeProfiles, summarize, type ToolReport } from "../report.js";
import { describeRuleOverrides } from "../rule-overrides.js";

type Style = Parameters<typeof styleText>[0];
const SEVERITY_STYLE: Record<Severity, Style> = { error: "red", warning: "yellow", info: "blue" };

/**
 * The human report: grouped by file, each tool with the request it really sends, each finding with its
 * rule, suggestion and fix; a one-line summary last, then the rules the settings turned off or lowered.
 * Colours only when asked (a TTY).
 */
export function formatStylish(
  report: CheckReport,
  options: { color?: boolean; docsUrl?: (code: string) => string | undefined } = {},
): string {
  // validateStream off: the caller decided (a TTY, no NO_COLOR); styleText would otherwise check stdout itself.
  // Every text painted comes from configs or servers: one line each, its control characters shown, not obeyed.
  const paint = (style: Style, text: string) =>
    options.color ? styleText(style, toLineText(text), { validateStream: false }) : toLineText(text);
  const lines: string[] = [];
  const files = [
    ...new Set([...report.tools.map((tool) => tool.file), ...report.diagnostics.map((d) => d.file)]),
  ];
  for (const file of files) {
    const profile = report.tools.find(
      (tool) => tool.file === file && tool.profile !== report.profile,
    )?.profile;
    lines.push(`${paint("underline", file)}${profile ? `  (profile ${profile})` : ""}`);
    const shown = new Set<Diagnostic>();
    for (const tool of report.tools.filter((t) => t.file === file)) {
      lines.push(`  ${paint("bold", tool.name)}${tool.sent ? `  ${paint("dim", tool.sent)}` : ""}`);
      for (const diagnostic of report.diagnostics.filter((d) => belongsTo(d, tool))) {
        shown.add(diagnostic);
        lines.push(...formatDiagnostic(diagnostic, paint, undefined, options.docsUrl));
      }
    }
    for (const diagnostic of report.diagnostics.filter((d) => d.file === file && !shown.has(d))) {
      lines.push(...formatDiagnostic(diagnostic, paint, diagnostic.tool, options.docsUrl));
    }
    lines.push("");
  }
  const errors = report.diagnostics.some((d) => d.severity === "error");
  lines.push(
    paint(
      errors ? "red" : "green",
      `${errors ? "✖" : "✔"} ${summarize(report)} (profile ${describeProfiles(report)})`,
    ),
    ...describeRuleOverrides(report.ruleOverrides).map((line) => paint("yellow", line.text)),
  );
  return `${lines.join("\n")}\n`;
}

function belongsTo(diagnostic: Diagnostic, tool: ToolReport): boolean {
  if (diagnostic.file !== tool.file || diagnostic.tool !== tool.name) return false;
  return (
    tool.path === "" ||
    diagnostic.path === tool.path ||
    diagnostic.path.startsWith(`${tool.path}.`) ||
    diagnostic.path.startsWith(`${tool.path}[`)
  );
}

function formatDiagnostic(
  diagnostic: Diagnostic,
  paint: (style: Style, text: string) => string,
  tool?: string,
  docsUrl?: (code: string) => string | undefined,
): string[] {
  const label = paint(SEVERITY_STYLE[diagnostic.severity], diagnostic.severity.padEnd(7));
  const subject = tool ? `${tool}: ` : "";
  const message = toLineText(`${subject}${diagnostic.message}`);
  const lines = [`    ${label} ${message}  ${paint("dim", diagnostic.code)}`];
  const indent = " ".repeat(12);
  if (diagnostic.path) lines.push(`${indent}${paint("dim", `at ${diagnostic.path}`)}`);
  if (diagnostic.suggestion) lines.push(`${indent}→ ${toLineText(diagnostic.suggestion)}`);
  if (diagnostic.fix)
    lines.push(`${indent}${paint("green", `fixable with --fix: ${diagnostic.fix.description}`)}`);
  const docs = docsUrl?.(diagnostic.code);
  if (docs) lines.push(`${indent}${paint("dim", `docs: ${docs}`)}`);
  return lines;
}
