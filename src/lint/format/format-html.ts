import { exchangeHtml, jsonBlock } from "../../html-report/exchange-html.js";
import { html, type SafeHtml } from "../../html-report/html.js";
import { type FilterChoice, filtersBar, ruleSelect, tickBoxes } from "../../html-report/report-filters.js";
import { renderReportPage } from "../../html-report/report-page.js";
import { groupBy } from "../../json/group-by.js";
import { mapStrings } from "../../json/map-strings.js";
import { redactHeaders, redactQuery } from "../../secrets/redact-credentials.js";
import { type Diagnostic, type Severity, toolLabel } from "../diagnostic.js";
import {
  type CheckReport,
  describeProfiles,
  findingBelongsTo,
  summarize,
  summarizeWith,
  type ToolReport,
} from "../report.js";
import { describeRuleOverrides } from "../rule-overrides.js";
import { fixText } from "./fix-text.js";
import { createDiagnosticLocator, type ReadReportedFile } from "./locate-diagnostic.js";

export interface HtmlOptions {
  /** The page's title: the command that made it (`tooldeck check`). */
  title?: string;
  /** Where a rule is documented: each finding's rule links there. */
  docsUrl?: (code: string) => string | undefined;
  /** Reads a config file to give each finding its line and column. */
  readFile?: ReadReportedFile;
  /**
   * Hides secrets: applied to every text of the report before it becomes markup, where an escaped `&`
   * would otherwise no longer spell the secret the CLI masks (src/cli/masked-io.ts).
   */
  mask?: (text: string) => string;
}

const SEVERITIES: readonly Severity[] = ["error", "warning", "info"];

/**
 * The check report as one self-contained HTML page (html-report/report-page.ts): the summary, then per
 * file and tool the findings with their place, rule (linked to its docs), suggestion and fix, the request
 * the probe sent and the answer (credential headers and query parameters redacted, secrets masked), and
 * what the LLM is given (description, JSON schema) under its profile. Filters by severity and rule and a
 * search box work offline; each tool has an anchor (`#tool-update_event`) and each count of the summary
 * links to its findings. The report's `given` and `exchange` come with `details` (CheckOptions).
 * @example
 * writeFileSync("report.html", formatHtml(report, { title: "tooldeck check", docsUrl: ruleDocsUrl }));
 */
export function formatHtml(given: CheckReport, options: HtmlOptions = {}): string {
  const report = options.mask ? mapStrings(given, options.mask) : given;
  const locate = createDiagnosticLocator(options.readFile ?? (() => undefined));
  const firstOf = new Set<Severity>();
  // The first finding of each severity, in page order, is where the summary's count of them links.
  const finding = (diagnostic: Diagnostic, tool?: string) => {
    const first = !firstOf.has(diagnostic.severity);
    firstOf.add(diagnostic.severity);
    return findingHtml(diagnostic, { tool, at: locate(diagnostic), docsUrl: options.docsUrl, first });
  };
  const anchor = createToolAnchors();
  const toolsByFile = groupBy(report.tools, (tool) => tool.file);
  const findingsByFile = groupBy(report.diagnostics, homeFileOf(report.tools));
  const files = [...new Set([...toolsByFile.keys(), ...findingsByFile.keys()])].map((file) =>
    fileHtml(file, toolsByFile.get(file) ?? [], findingsByFile.get(file) ?? [], { report, finding, anchor }),
  );
  const title = options.title ?? "tooldeck check";
  return renderReportPage({
    title,
    summary: summaryHtml(report),
    notes: overrideNotes(report),
    filters: filtersBar([
      tickBoxes(
        "severity",
        SEVERITIES.map((severity) => severityChoice(severity, report.diagnostics)),
      ),
      ruleSelect(ruleChoices(report.diagnostics)),
    ]),
    body: html`${files}`,
  });
}

interface FileContext {
  report: CheckReport;
  finding: (diagnostic: Diagnostic, tool?: string) => SafeHtml;
  /** The tool's anchor (`tool-update_event`), unique in the page. */
  anchor: (tool: ToolReport) => string;
}

/**
 * The summary line: each severity's count links to the first finding of it (the script also shows only
 * that severity), and the whole line is the title of its box, which may cut it with … on a narrow window.
 */
function summaryHtml(report: CheckReport): SafeHtml {
  const errors = report.diagnostics.some((d) => d.severity === "error");
  const parts = summarizeWith(report, (severity, text, found) =>
    found === 0 ? text : html`<a href="#first-${severity}" data-only-severity="${severity}">${text}</a>`,
  );
  const mark = errors ? "✖" : "✔";
  const profiles = `(profile ${describeProfiles(report)})`;
  return html`<p class="summary ${errors ? "failed" : "passed"}" title="${`${mark} ${summarize(report)} ${profiles}`}">${mark} ${parts} ${profiles}</p>`;
}

/**
 * Each tool's anchor: `tool-` and its name, white space as `_` (a URL fragment has none); a name met
 * again (two flows with an update_event) gets `-2`, `-3`, so every link leads to one tool.
 */
function createToolAnchors(): (tool: ToolReport) => string {
  const taken = new Set<string>();
  return (tool) => {
    const base = `tool-${tool.name.replace(/\s+/g, "_")}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  };
}

/**
 * The file a finding is shown under: its own, or, for a finding in code another file holds for a tool
 * (a flow's Custom Tool read from its export), the tool's, so that it sits on its tool.
 */
function homeFileOf(tools: readonly ToolReport[]): (diagnostic: Diagnostic) => string {
  const byCodeFile = groupBy(
    tools.filter((tool) => tool.code !== undefined),
    (tool) => tool.code?.file ?? "",
  );
  return (diagnostic) =>
    (byCodeFile.get(diagnostic.file) ?? []).find((tool) => findingBelongsTo(diagnostic, tool))?.file ??
    diagnostic.file;
}

/** A file's tools, each with its findings; then the file's findings that are no tool's. */
function fileHtml(
  file: string,
  tools: readonly ToolReport[],
  findings: readonly Diagnostic[],
  { report, finding, anchor }: FileContext,
): SafeHtml {
  const shown = new Set<Diagnostic>();
  const findingsByTool = groupBy(findings, (diagnostic) => diagnostic.tool);
  const cards = tools.map((tool) => {
    const own = (findingsByTool.get(tool.name) ?? []).filter((d) => findingBelongsTo(d, tool));
    for (const diagnostic of own) shown.add(diagnostic);
    return toolHtml(tool, own, { finding, mainProfile: report.profile, id: anchor(tool) });
  });
  const rest = findings.filter((diagnostic) => !shown.has(diagnostic));
  const others =
    rest.length === 0
      ? ""
      : html`<article class="entry" data-entry><h3>Other findings in this file</h3><ul class="findings">${rest.map(
          (diagnostic) => finding(diagnostic, toolLabel(diagnostic)),
        )}</ul></article>`;
  return html`<section data-group><h2>${file}</h2>${cards}${others}</section>`;
}

function toolHtml(
  tool: ToolReport,
  findings: readonly Diagnostic[],
  { finding, mainProfile, id }: { finding: FileContext["finding"]; mainProfile: string; id: string },
): SafeHtml {
  const failed = findings.some((d) => d.severity === "error");
  const profile = tool.profile ?? mainProfile;
  return html`<article class="entry${failed ? " failed" : ""}" id="${id}" data-entry>
<h3><a class="anchor" href="#${id}">${tool.name}</a><span class="muted">profile ${profile}</span>${tool.sent ? html`<code class="sent">${tool.sent}</code>` : ""}</h3>
${findings.length > 0 ? html`<ul class="findings">${findings.map((diagnostic) => finding(diagnostic))}</ul>` : html`<p class="muted">no findings</p>`}
${tool.exchange ? html`<details${failed ? html` open` : ""}><summary>Request the probe sent, and the answer</summary>${exchangeHtml(redacted(tool.exchange))}</details>` : ""}
${tool.given ? html`<details><summary>What the LLM is given</summary><p>${tool.given.description || "(no description)"}</p>${jsonBlock(tool.given.inputSchema)}</details>` : ""}
</article>`;
}

/** Credentials by name (an Authorization header, a `?key=`), whatever they hold: what cassettes redact. */
function redacted(exchange: NonNullable<ToolReport["exchange"]>): NonNullable<ToolReport["exchange"]> {
  const { request, response } = exchange;
  return {
    ...exchange,
    ...(request
      ? { request: { ...request, url: redactQuery(request.url), headers: redactHeaders(request.headers) } }
      : {}),
    ...(response ? { response: { ...response, headers: redactHeaders(response.headers) } } : {}),
  };
}

interface Shown {
  /** The tool's name, for a finding shown apart from its tool. */
  tool: string | undefined;
  at: { line: number; column: number } | undefined;
  docsUrl: ((code: string) => string | undefined) | undefined;
  /** The first finding of its severity in the page: the summary's count links to it. */
  first: boolean;
}

function findingHtml(diagnostic: Diagnostic, { tool, at, docsUrl, first }: Shown): SafeHtml {
  const docs = docsUrl?.(diagnostic.code);
  const rule = docs
    ? html`<a class="mono" href="${docs}" target="_blank" rel="noreferrer noopener">${diagnostic.code}</a>`
    : html`<span class="mono muted">${diagnostic.code}</span>`;
  const where = diagnostic.path
    ? at
      ? `at ${diagnostic.file}:${at.line}:${at.column} (${diagnostic.path})`
      : `at ${diagnostic.path}`
    : undefined;
  const { fix } = diagnostic;
  const id = first ? html` id="first-${diagnostic.severity}"` : "";
  return html`<li class="finding"${id} data-severity="${diagnostic.severity}" data-rule="${diagnostic.code}">
<span class="severity ${diagnostic.severity}">${diagnostic.severity}</span> ${tool ? `${tool}: ` : ""}${diagnostic.message} ${rule}
${where ? html`<p class="muted mono">${where}</p>` : ""}
${diagnostic.related?.length ? html`<ul class="related">${diagnostic.related.map((related) => html`<li><span class="mono">${related.code} ${related.severity}:</span> ${related.message}</li>`)}</ul>` : ""}
${diagnostic.suggestion ? html`<p class="suggestion">${diagnostic.suggestion}</p>` : ""}
${fix ? html`<p class="${fix.changesTool ? "suggested-fix" : "fix"}">${fixText(fix)}</p><ul class="related">${fix.changes.map((change) => html`<li class="mono">${changeText(change)}</li>`)}</ul>` : ""}
</li>`;
}

/** `method: "PATCH"`, `queryParamsSchema.limit removed`, `a renamed to b`. */
function changeText(change: NonNullable<Diagnostic["fix"]>["changes"][number]): string {
  if (change.renameTo !== undefined) return `${change.path} renamed to ${change.renameTo}`;
  if (change.value === undefined) return `${change.path} removed`;
  return `${change.path}: ${JSON.stringify(change.value)}`;
}

function overrideNotes(report: CheckReport): SafeHtml {
  const lines = describeRuleOverrides(report.ruleOverrides);
  if (lines.length === 0) return html``;
  return html`<ul class="notes">${lines.map((line) => html`<li>${line.text}</li>`)}</ul>`;
}

function severityChoice(severity: Severity, diagnostics: readonly Diagnostic[]): FilterChoice {
  const count = diagnostics.filter((diagnostic) => diagnostic.severity === severity).length;
  return { value: severity, label: severity, count };
}

/** Every rule that has a finding, by name, with its count. */
function ruleChoices(diagnostics: readonly Diagnostic[]): FilterChoice[] {
  const counts = groupBy(diagnostics, (diagnostic) => diagnostic.code);
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b, "en"))
    .map(([code, found]) => ({ value: code, label: code, count: found.length }));
}
