import { toJsonText } from "../../text/safe-text.js";
import { type CheckReport, summarize } from "../report.js";

/**
 * The report as JSON: profile, summary, tools and diagnostics, for scripts and CI systems, and
 * `ruleOverrides` (`{ source, off, downgraded }`) when the settings turned rules off or lowered them.
 */
export function formatJson(report: CheckReport): string {
  const { profile, tools, diagnostics, ruleOverrides } = report;
  const json = {
    profile,
    summary: summarize(report),
    tools,
    diagnostics,
    ...(ruleOverrides ? { ruleOverrides } : {}),
  };
  return `${toJsonText(JSON.stringify(json, null, 2))}\n`;
}
