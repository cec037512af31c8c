import { escapeXml } from "../../escape-xml.js";
import type { RunReport } from "./run-report.js";

/** JUnit XML: one test case per scenario run (class = its file); a failed one carries every reason. */
export function formatRunJunit(report: RunReport): string {
  const cases = report.entries.map((entry) => {
    const open = `    <testcase classname="${escapeXml(entry.file)}" name="${escapeXml(entry.name)}"`;
    if (entry.passed) return `${open}/>`;
    const first = entry.lines[0] ?? "failed";
    return `${open}>\n      <failure message="${escapeXml(first)}">${escapeXml(entry.lines.join("\n"))}</failure>\n    </testcase>`;
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
