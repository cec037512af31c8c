import type { Diagnostic } from "../diagnostic.js";
import { type CheckReport, summarize } from "../report.js";

/**
 * JUnit XML: one test case per tool (class = its file). A tool with errors fails, with one `<failure>`
 * listing them; warnings and infos go to its `<system-out>`.
 */
export function formatJunit(report: CheckReport): string {
  const cases = report.tools.map((tool) => {
    const findings = report.diagnostics.filter((d) => d.file === tool.file && d.tool === tool.name);
    const errors = findings.filter((d) => d.severity === "error");
    const others = findings.filter((d) => d.severity !== "error");
    const body = [
      errors.length > 0
        ? `      <failure message="${xml(errors[0]?.message ?? "")}" type="${xml(errors[0]?.code ?? "")}">${xml(errors.map(line).join("\n"))}</failure>`
        : "",
      others.length > 0 ? `      <system-out>${xml(others.map(line).join("\n"))}</system-out>` : "",
    ].filter(Boolean);
    const open = `    <testcase classname="${xml(tool.file)}" name="${xml(tool.name)}"`;
    return body.length === 0 ? `${open}/>` : `${open}>\n${body.join("\n")}\n    </testcase>`;
  });
  const failures = report.tools.filter((tool) =>
    report.diagnostics.some((d) => d.file === tool.file && d.tool === tool.name && d.severity === "error"),
  ).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tooldeck" tests="${report.tools.length}" failures="${failures}">`,
    `  <testsuite name="tooldeck check (${report.profile})" tests="${report.tools.length}" failures="${failures}" errors="0">`,
    `    <properties><property name="summary" value="${xml(summarize(report))}"/></properties>`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

function line(diagnostic: Diagnostic): string {
  return `${diagnostic.severity} ${diagnostic.code} at ${diagnostic.path || "(config)"}: ${diagnostic.message}`;
}

function xml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
