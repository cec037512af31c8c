import { styleText } from "node:util";
import type { Diagnostic, Severity } from "../diagnostic.js";
import { type CheckReport, summarize } from "../report.js";

type Style = Parameters<typeof styleText>[0];
const SEVERITY_STYLE: Record<Severity, Style> = { error: "red", warning: "yellow", info: "blue" };

/**
 * The human report: grouped by file, each tool with the request it really sends, each finding with its
 * rule, suggestion and fix; a one-line summary last. Colours only when asked (a TTY).
 */
export function formatStylish(report: CheckReport, options: { color?: boolean } = {}): string {
  // validateStream off: the caller decided (a TTY, no NO_COLOR); styleText would otherwise check stdout itself.
  const paint = (style: Style, text: string) =>
    options.color ? styleText(style, text, { validateStream: false }) : text;
  const lines: string[] = [];
  for (const file of [...new Set(report.tools.map((tool) => tool.file))]) {
    lines.push(paint("underline", file));
    for (const tool of report.tools.filter((t) => t.file === file)) {
      lines.push(`  ${paint("bold", tool.name)}${tool.sent ? `  ${paint("dim", tool.sent)}` : ""}`);
      const findings = report.diagnostics.filter(
        (d) => d.file === file && d.tool === tool.name && d.path.startsWith(tool.path),
      );
      for (const diagnostic of findings) lines.push(...formatDiagnostic(diagnostic, paint));
    }
    lines.push("");
  }
  const errors = report.diagnostics.some((d) => d.severity === "error");
  lines.push(
    paint(errors ? "red" : "green", `${errors ? "✖" : "✔"} ${summarize(report)} (profile ${report.profile})`),
  );
  return `${lines.join("\n")}\n`;
}

function formatDiagnostic(diagnostic: Diagnostic, paint: (style: Style, text: string) => string): string[] {
  const label = paint(SEVERITY_STYLE[diagnostic.severity], diagnostic.severity.padEnd(7));
  const lines = [`    ${label} ${diagnostic.message}  ${paint("dim", diagnostic.code)}`];
  const indent = " ".repeat(12);
  if (diagnostic.path) lines.push(`${indent}${paint("dim", `at ${diagnostic.path}`)}`);
  if (diagnostic.suggestion) lines.push(`${indent}→ ${diagnostic.suggestion}`);
  if (diagnostic.fix)
    lines.push(`${indent}${paint("green", `fixable with --fix: ${diagnostic.fix.description}`)}`);
  return lines;
}
