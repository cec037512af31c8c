import { styleText } from "node:util";
import { toTerminalText } from "../../safe-text.js";
import type { Diagnostic, Severity } from "../diagnostic.js";
import { type CheckReport, describeProfiles, summarize, type ToolReport } from "../report.js";
import { describeRuleOverrides } from "../rule-overrides.js";

type Style = Parameters<typeof styleText>[0];
const SEVERITY_STYLE: Record<Severity, Style> = { error: "red", warning: "yellow", info: "blue" };

/**
 * The human report: grouped by file, each tool with the request it really sends, each finding with its
 * rule, the probe failures folded into it, suggestion and fix; a one-line summary last, then the rules the settings turned off or lowered.
 * Colours only when asked (a TTY).
 */
export function formatStylish(
  report: CheckReport,
  options: { color?: boolean; docsUrl?: (code: string) => string | undefined } = {},
): string {
  // validateStream off: the caller decided (a TTY, no NO_COLOR); styleText would otherwise check stdout itself.
  // Every text painted comes from configs or servers: its own control characters are shown, not obeyed.
  const paint = (style: Style, text: string) =>
    options.color ? styleText(style, toTerminalText(text), { validateStream: false }) : toTerminalText(text);
  const lines: string[] = [];
  // Indexed once, so that the report is linear in tools and findings (40,000 tools print in a blink).
  const toolsByFile = groupBy(report.tools, (tool) => tool.file);
  const findingsByFile = groupBy(report.diagnostics, (diagnostic) => diagnostic.file);
  for (const file of new Set([...toolsByFile.keys(), ...findingsByFile.keys()])) {
    const tools = toolsByFile.get(file) ?? [];
    const findings = findingsByFile.get(file) ?? [];
    const profile = tools.find((tool) => tool.profile !== report.profile)?.profile;
    lines.push(`${paint("underline", file)}${profile ? `  (profile ${profile})` : ""}`);
    const shown = new Set<Diagnostic>();
    const findingsByTool = groupBy(findings, (diagnostic) => diagnostic.tool);
    for (const tool of tools) {
      lines.push(`  ${paint("bold", tool.name)}${tool.sent ? `  ${paint("dim", tool.sent)}` : ""}`);
      for (const diagnostic of (findingsByTool.get(tool.name) ?? []).filter((d) => belongsTo(d, tool))) {
        shown.add(diagnostic);
        lines.push(...formatDiagnostic(diagnostic, paint, undefined, options.docsUrl));
      }
    }
    for (const diagnostic of findings.filter((d) => !shown.has(d))) {
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

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
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
  const message = toTerminalText(`${subject}${diagnostic.message}`);
  const lines = [`    ${label} ${message}  ${paint("dim", diagnostic.code)}`];
  const indent = " ".repeat(12);
  if (diagnostic.path) lines.push(`${indent}${paint("dim", `at ${diagnostic.path}`)}`);
  for (const related of diagnostic.related ?? [])
    lines.push(
      `${indent}${paint("dim", `${related.code} ${related.severity}:`)} ${toTerminalText(related.message)}`,
    );
  if (diagnostic.suggestion) lines.push(`${indent}→ ${toTerminalText(diagnostic.suggestion)}`);
  if (diagnostic.fix)
    lines.push(`${indent}${paint("green", `fixable with --fix: ${diagnostic.fix.description}`)}`);
  const docs = docsUrl?.(diagnostic.code);
  if (docs) lines.push(`${indent}${paint("dim", `docs: ${docs}`)}`);
  return lines;
}
