import { groupBy } from "../../json/group-by.js";
import { escapeXml } from "../../text/escape-xml.js";
import type { Diagnostic } from "../diagnostic.js";
import { type CheckReport, summarize } from "../report.js";
import { describeRuleOverrides, type RuleOverrideLine } from "../rule-overrides.js";

/**
 * JUnit XML: one test case per tool (class = its file). A tool with errors fails, with one `<failure>`
 * listing them; warnings and infos go to its `<system-out>`. The suite's properties carry the summary
 * and the rules the settings turned off (`rules-turned-off`) or lowered (`rules-downgraded`).
 */
export function formatJunit(report: CheckReport): string {
  // Each tool's findings, gathered once: a per-tool scan of every finding is quadratic in a large project.
  const byTool = groupBy(report.diagnostics, (diagnostic) => toolKey(diagnostic.file, diagnostic.tool));
  const findingsOf = (tool: { file: string; name: string }) =>
    byTool.get(toolKey(tool.file, tool.name)) ?? [];
  const cases = report.tools.map((tool) => {
    const findings = findingsOf(tool);
    const errors = findings.filter((d) => d.severity === "error");
    const others = findings.filter((d) => d.severity !== "error");
    const body = [
      errors.length > 0
        ? `      <failure message="${escapeXml(errors[0]?.message ?? "")}" type="${escapeXml(errors[0]?.code ?? "")}">${lines(errors)}</failure>`
        : "",
      others.length > 0 ? `      <system-out>${lines(others)}</system-out>` : "",
    ].filter(Boolean);
    const open = `    <testcase classname="${escapeXml(tool.file)}" name="${escapeXml(tool.name)}"`;
    return body.length === 0 ? `${open}/>` : `${open}>\n${body.join("\n")}\n    </testcase>`;
  });
  const failures = report.tools.filter((tool) => findingsOf(tool).some((d) => d.severity === "error")).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tooldeck" tests="${report.tools.length}" failures="${failures}">`,
    `  <testsuite name="tooldeck check (${report.profile})" tests="${report.tools.length}" failures="${failures}" errors="0">`,
    `    <properties>${properties(report)}</properties>`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

const OVERRIDE_PROPERTY: Record<RuleOverrideLine["kind"], string> = {
  off: "rules-turned-off",
  downgraded: "rules-downgraded",
};

/** The summary, and a property per line naming rules the settings turned off or lowered. */
function properties(report: CheckReport): string {
  const named = [
    { name: "summary", value: summarize(report) },
    ...describeRuleOverrides(report.ruleOverrides).map((line) => ({
      name: OVERRIDE_PROPERTY[line.kind],
      value: line.text,
    })),
  ];
  return named.map(({ name, value }) => `<property name="${name}" value="${escapeXml(value)}"/>`).join("");
}

/** One line per finding: each escaped on its own, so a newline inside one is a reference, not a line. */
function lines(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((diagnostic) => escapeXml(line(diagnostic))).join("\n");
}

function toolKey(file: string, tool: string): string {
  return `${file}\u0000${tool}`;
}

function line(diagnostic: Diagnostic): string {
  return `${diagnostic.severity} ${diagnostic.code} at ${diagnostic.path || "(config)"}: ${diagnostic.message}`;
}
