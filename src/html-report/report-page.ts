import { createHash } from "node:crypto";
import { html, SafeHtml } from "./html.js";
import { reportScript } from "./report-script.js";
import { REPORT_STYLE } from "./report-style.js";

/** What a report page holds; every part is markup made by `html`. */
export interface ReportPage {
  /** The document's title and heading: `tooldeck check`. */
  title: string;
  /** The one-line result beside the heading, in the bar that stays at the top (cut with … when narrow). */
  summary: SafeHtml;
  /** Notes under the bar that scroll away with the page (the rules a settings file lowered). */
  notes?: SafeHtml;
  /** The filters and the search box (see report-filters.ts), under the bar. */
  filters: SafeHtml;
  body: SafeHtml;
}

// The style and script are the page's own constants, written raw: inside <style> and <script> an escape
// would be read as it is.
const SCRIPT = `(${reportScript.toString()})();`;

/**
 * The page's Content Security Policy: nothing may be loaded (no script, style, image, font or frame from
 * anywhere, no fetch, no form sent), and only the page's own style and script, named by their hashes,
 * run. A tag that slipped through the escaping would still do nothing.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src '${sha256(REPORT_STYLE)}'`,
  `script-src '${sha256(SCRIPT)}'`,
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/**
 * One self-contained HTML document: its style and script inline, nothing fetched (the policy above
 * forbids it), readable without the script (the filters need it). Only the title and the summary stay at
 * the top when scrolled, on one line (report-style.ts), so a tool scrolled to cannot hide under them;
 * the notes and filters scroll away.
 */
export function renderReportPage(page: ReportPage): string {
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${new SafeHtml(CONTENT_SECURITY_POLICY)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<style>${new SafeHtml(REPORT_STYLE)}</style>
</head>
<body>
<header>
<h1>${page.title}</h1>
${page.summary}
</header>
<div class="intro">
${page.notes ?? ""}
${page.filters}
</div>
<main>
${page.body}
</main>
${new SafeHtml(scriptElement())}
</body>
</html>
`}`;
}

/**
 * The page's script element, made apart from the page's template: a bundler writes `</script>` in a
 * string as `<\/script>`, which in a tagged template would change its raw text and bring in a helper.
 */
function scriptElement(): string {
  return `<script>${SCRIPT}</script>`;
}

function sha256(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}
