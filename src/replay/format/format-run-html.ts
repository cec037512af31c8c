import { exchangeHtml, jsonBlock } from "../../html-report/exchange-html.js";
import { html, type SafeHtml } from "../../html-report/html.js";
import { filtersBar, tickBoxes } from "../../html-report/report-filters.js";
import { renderReportPage } from "../../html-report/report-page.js";
import { groupBy } from "../../json/group-by.js";
import { mapStrings } from "../../json/map-strings.js";
import type { CallRecord } from "../call-record.js";
import { describeStatus } from "../describe-call.js";
import { type DiffBlock, diffBlocks } from "./diff-blocks.js";
import type { RunEntry, RunReport } from "./run-report.js";

export interface RunHtmlOptions {
  /** Hides secrets in every text before it becomes markup (see the check report's `HtmlOptions.mask`). */
  mask?: (text: string) => string;
}

/**
 * A run report as one self-contained HTML page (html-report/report-page.ts): the summary, then per
 * scenario file each scenario run with its failures and its trajectory as a timeline of tool calls
 * (arguments, outcome, the request and the answer, what the LLM saw), a call the replay changed marked
 * with the cassette's version beside this run's, side by side; then drift, the answer and the end state.
 * Filters by outcome and a search box work offline. Calls are as the run recorded them: redacted.
 * @example
 * writeFileSync("run.html", formatRunHtml({ entries }));
 */
export function formatRunHtml(given: RunReport, options: RunHtmlOptions = {}): string {
  const report = options.mask ? mapStrings(given, options.mask) : given;
  const passed = report.entries.filter((entry) => entry.passed).length;
  const failed = report.entries.length - passed;
  const firstFailed = report.entries.find((entry) => !entry.passed);
  const entryOf = (entry: RunEntry) => entryHtml(entry, entry === firstFailed);
  const files = [...groupBy(report.entries, (entry) => entry.file).entries()].map(
    ([file, entries]) => html`<section data-group><h2>${file}</h2>${entries.map(entryOf)}</section>`,
  );
  // The count of failed scenarios links to the first (the script also shows only the failed ones).
  const failedCount =
    failed === 0
      ? `${failed} failed`
      : html`<a href="#first-failed" data-only-status="failed">${failed} failed</a>`;
  return renderReportPage({
    title: "tooldeck run",
    summary: html`<p class="summary ${failed > 0 ? "failed" : "passed"}">${passed} passed, ${failedCount}</p>`,
    filters: filtersBar([
      tickBoxes("status", [
        { value: "failed", label: "failed", count: failed },
        { value: "passed", label: "passed", count: passed },
      ]),
    ]),
    body: html`${files}`,
  });
}

function entryHtml(entry: RunEntry, first: boolean): SafeHtml {
  const status = entry.passed ? "passed" : "failed";
  const id = first ? html` id="first-failed"` : "";
  const open = html`<article class="entry ${status}"${id} data-entry data-status="${status}">`;
  if (!entry.result)
    return html`${open}<h3>✗ ${entry.name}</h3><ul class="lines"><li class="outcome error">${entry.lines[0] ?? "failed"}</li></ul></article>`;
  const result = entry.result;
  const calls = `${result.calls.length} call${result.calls.length === 1 ? "" : "s"}`;
  const blocks = diffBlocks(result.diff);
  const byCall = new Map(blocks.flatMap((block) => (block.call ? [[block.call, block] as const] : [])));
  const others = blocks.filter((block) => block.call === undefined);
  return html`${open}
<h3><span>${entry.passed ? "✓" : "✗"} ${result.name} [${result.profile}]</span><span class="muted">${calls}, ${result.mode}</span>${result.cassette ? html`<code class="sent">${result.cassette}</code>` : ""}</h3>
${result.failures.length > 0 ? html`<ul class="lines">${result.failures.map((line) => html`<li class="outcome error">${line}</li>`)}</ul>` : ""}
${result.calls.length > 0 ? html`<ol class="timeline">${result.calls.map((call, index) => callHtml(call, index + 1, byCall.get(index + 1)))}</ol>` : ""}
${others.map((block) => diffTable(block))}
${result.drift.length > 0 ? html`<h4>Drift from the API description</h4><ul class="lines">${result.drift.map((line) => html`<li class="drift">${line}</li>`)}</ul>` : ""}
${result.answer ? html`<h4>Answer</h4><pre>${result.answer}</pre>` : ""}
${details("End state", jsonBlock(result.state))}
${result.system !== undefined ? details("System prompt", html`<pre>${result.system}</pre>`) : ""}
</article>`;
}

/** One call of the trajectory: who made it, the tool, its outcome; the diff from the cassette, if any. */
function callHtml(call: CallRecord, number: number, diff: DiffBlock | undefined): SafeHtml {
  const outcome = call.ok ? "ok" : "error";
  const exchange = exchangeHtml({ request: call.request, response: call.response, output: call.output });
  return html`<li class="call ${outcome}${diff ? " changed" : ""}">
<h4>${number}. ${call.tool} <span class="muted">(${call.source})</span> <span class="outcome ${outcome}">${outcome}, ${describeStatus(call)}</span></h4>
${call.source === "agent" ? html`<pre>${JSON.stringify(call.args)}</pre>` : ""}
${diff ? diffTable(diff) : ""}
${details("Request, answer and what the LLM saw", exchange, diff !== undefined)}
</li>`;
}

/** The cassette's lines beside this run's. */
function diffTable(block: DiffBlock): SafeHtml {
  return html`<table class="diff" aria-label="${block.title}"><caption class="muted">${block.title}: the cassette, and this run</caption>
<tr><th>cassette</th><th>this run</th></tr>
${block.rows.map((row) => html`<tr><td class="${row.before === undefined ? "" : "del"}">${row.before ?? ""}</td><td class="${row.after === undefined ? "" : "ins"}">${row.after ?? ""}</td></tr>`)}
</table>`;
}

function details(summary: string, body: SafeHtml, open = false): SafeHtml {
  return html`<details${open ? html` open` : ""}><summary>${summary}</summary>${body}</details>`;
}
