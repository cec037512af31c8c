import { escapeXml } from "../../text/escape-xml.js";
import type { RunReport } from "./run-report.js";

/**
 * JUnit XML: one test case per scenario run (class = its file); a failed one carries every reason, and
 * the `drift:` lines, which fail nothing, are its `system-out` (after the reasons of a failed one too).
 */
export function formatRunJunit(report: RunReport): string {
  const cases = report.entries.map((entry) => {
    const open = `    <testcase classname="${escapeXml(entry.file)}" name="${escapeXml(entry.name)}"`;
    const drift = entry.drift ?? [];
    if (entry.passed && drift.length === 0) return `${open}/>`;
    const children: string[] = [];
    if (!entry.passed) {
      const first = entry.lines[0] ?? "failed";
      const text = [...entry.lines, ...drift].map(escapeXml).join("\n");
      children.push(`      <failure message="${escapeXml(first)}">${text}</failure>`);
    }
    if (drift.length > 0) children.push(`      <system-out>${drift.map(escapeXml).join("\n")}</system-out>`);
    return `${open}>\n${children.join("\n")}\n    </testcase>`;
  });
  const total = report.entries.length;
  const failed = report.entries.filter((entry) => !entry.passed).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tooldeck" tests="${total}" failures="${failed}">`,
    `  <testsuite name="tooldeck run" tests="${total}" failures="${failed}" errors="0">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
