import { groupBy } from "../../json/group-by.js";
import { escapeXml } from "../../text/escape-xml.js";
import type { Diagnostic } from "../diagnostic.js";
import { perToolFindings } from "../fold-shared-causes.js";
import { type CheckReport, findingBelongsTo, summarize } from "../report.js";
import { describeRuleOverrides, type RuleOverrideLine } from "../rule-overrides.js";

/**
 * JUnit XML: one test case per tool (class = its file). A tool with errors fails, with one `<failure>`
 * listing them; warnings and infos go to its `<system-out>`. A finding of no listed tool (a config that
 * did not load, a tool whose name the report spells otherwise) gets a case of its own, named after its
 * tool or `(config)`, so no finding is left out of the failures a CI system counts. A cause shared by
 * several tools is in each tool's case. The suite's
 * properties carry the summary and the rules the settings turned off (`rules-turned-off`) or lowered
 * (`rules-downgraded`).
 */
export function formatJunit(report: CheckReport): string {
  // Each subject's findings, gathered once: a per-tool scan of every finding is quadratic in a large project.
  const diagnostics = perToolFindings(report.diagnostics);
  const byTool = groupBy(diagnostics, (diagnostic) => toolKey(diagnostic.file, diagnostic.tool));
  // A tool's findings are those at its place too: two agents of one file may each have a get_events.
  // A tool whose code another file holds owns the findings there as well.
  const owned = report.tools.map((tool) =>
    [
      ...(byTool.get(toolKey(tool.file, tool.name)) ?? []),
      ...(tool.code ? (byTool.get(toolKey(tool.code.file, tool.name)) ?? []) : []),
    ].filter((d) => findingBelongsTo(d, tool)),
  );
  const shown = new Set(owned.flat());
  const rest = diagnostics.filter((diagnostic) => !shown.has(diagnostic));
  const restByTool = groupBy(rest, (diagnostic) => toolKey(diagnostic.file, diagnostic.tool));
  const cases = [
    ...report.tools.map((tool, index) =>
      testCase({ file: tool.file, tool: tool.name, name: tool.name }, owned[index] ?? []),
    ),
    ...unlisted(rest).map((subject) =>
      testCase(subject, restByTool.get(toolKey(subject.file, subject.tool)) ?? []),
    ),
  ];
  const failures = cases.filter((testcase) => testcase.failed).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tooldeck" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="tooldeck check (${report.profile})" tests="${cases.length}" failures="${failures}" errors="0">`,
    `    <properties>${properties(report)}</properties>`,
    ...cases.map((testcase) => testcase.xml),
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

/** A test case: the file and tool its findings name, and the name the case is shown by. */
interface Subject {
  file: string;
  tool: string;
  name: string;
}

/** The files and tool names of findings that no listed tool owns, each once, in the findings' order. */
function unlisted(rest: readonly Diagnostic[]): Subject[] {
  const subjects = new Map<string, Subject>();
  for (const { file, tool } of rest) {
    const key = toolKey(file, tool);
    if (!subjects.has(key)) subjects.set(key, { file, tool, name: tool || "(config)" });
  }
  return [...subjects.values()];
}

function testCase(subject: Subject, findings: readonly Diagnostic[]): { xml: string; failed: boolean } {
  const errors = findings.filter((d) => d.severity === "error");
  const others = findings.filter((d) => d.severity !== "error");
  const body = [
    errors.length > 0
      ? `      <failure message="${escapeXml(errors[0]?.message ?? "")}" type="${escapeXml(errors[0]?.code ?? "")}">${lines(errors)}</failure>`
      : "",
    others.length > 0 ? `      <system-out>${lines(others)}</system-out>` : "",
  ].filter(Boolean);
  const open = `    <testcase classname="${escapeXml(subject.file)}" name="${escapeXml(subject.name)}"`;
  const xml = body.length === 0 ? `${open}/>` : `${open}>\n${body.join("\n")}\n    </testcase>`;
  return { xml, failed: errors.length > 0 };
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
