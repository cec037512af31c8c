import { toJsonText } from "../../safe-text.js";
import { type CheckReport, summarize } from "../report.js";

/** The report as JSON: profile, summary, tools and diagnostics, for scripts and CI systems. */
export function formatJson(report: CheckReport): string {
  return `${toJsonText(JSON.stringify({ profile: report.profile, summary: summarize(report), tools: report.tools, diagnostics: report.diagnostics }, null, 2))}\n`;
}
