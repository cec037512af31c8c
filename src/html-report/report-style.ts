/**
 * The report page's styles: the system's own fonts (nothing is fetched), light and dark, and the filters
 * shown only once the script runs (they do nothing without it). The bar at the top is one line of
 * `--bar` (a summary too long for the window ends in …), and everything a link can jump to stops below
 * it (`scroll-margin-top`), so a tool scrolled into view is never hidden under it.
 */
export const REPORT_STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #fff; --panel: #f6f8fa;
  --line: #d1d9e0; --error: #cf222e; --warning: #9a6700; --info: #0969da; --ok: #1a7f37;
  --del: #ffebe9; --ins: #dafbe1; --bar: 40px; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117;
  --panel: #151b23; --line: #3d444d; --error: #ff7b72; --warning: #d29922; --info: #58a6ff;
  --ok: #3fb950; --del: #4a1d1f; --ins: #173b23; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg);
  background: var(--bg); }
code, pre, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; }
header { position: sticky; top: 0; z-index: 1; background: var(--bg); border-bottom: 1px solid var(--line);
  padding: 0 24px; height: var(--bar); display: flex; align-items: center; gap: 12px; white-space: nowrap;
  overflow: hidden; }
h1 { font-size: 16px; margin: 0; flex: none; }
[id] { scroll-margin-top: calc(var(--bar) + 8px); }
.intro { padding: 8px 24px 0; }
h2 { font-size: 15px; margin: 24px 0 8px; word-break: break-all; }
h3 { font-size: 14px; margin: 0; display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
main { padding: 0 24px 48px; }
.summary { margin: 0; font-weight: 600; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.summary a { color: inherit; }
a.anchor { color: inherit; text-decoration: none; } a.anchor:hover { text-decoration: underline; }
.summary.failed { color: var(--error); } .summary.passed { color: var(--ok); }
.notes { margin: 0 0 8px; padding-left: 18px; color: var(--warning); }
.filters { display: none; flex-wrap: wrap; gap: 12px 20px; align-items: center; }
.scripted .filters { display: flex; }
.filters input[type="search"] { min-width: 260px; padding: 4px 8px; border: 1px solid var(--line);
  border-radius: 6px; background: var(--bg); color: var(--fg); }
.filters select { padding: 3px 6px; background: var(--bg); color: var(--fg); border: 1px solid var(--line);
  border-radius: 6px; }
.filters label { white-space: nowrap; }
#shown { color: var(--muted); }
.entry { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; margin: 8px 0;
  background: var(--panel); }
.entry.failed { border-left: 4px solid var(--error); } .entry.passed { border-left: 4px solid var(--ok); }
.muted { color: var(--muted); }
.sent { color: var(--muted); word-break: break-all; }
.severity { display: inline-block; min-width: 58px; font-weight: 600; text-transform: lowercase; }
.severity.error, .outcome.error { color: var(--error); } .severity.warning { color: var(--warning); }
.severity.info { color: var(--info); } .outcome.ok { color: var(--ok); } .drift { color: var(--warning); }
ul.findings, ul.lines { list-style: none; margin: 8px 0 0; padding: 0; }
.finding { padding: 6px 0; border-top: 1px dashed var(--line); }
.finding:first-child { border-top: 0; }
.finding p, .finding ul { margin: 2px 0 0 66px; }
.finding .related { padding-left: 16px; }
.suggestion::before { content: "→ "; }
.fix { color: var(--ok); }
.suggested-fix { color: var(--warning); }
details { margin-top: 8px; }
summary { cursor: pointer; color: var(--muted); }
pre { margin: 4px 0; padding: 8px 10px; background: var(--bg); border: 1px solid var(--line); border-radius: 6px;
  overflow: auto; max-height: 420px; white-space: pre-wrap; word-break: break-word; }
table { border-collapse: collapse; width: 100%; margin: 4px 0; }
th, td { text-align: left; vertical-align: top; padding: 2px 8px; border-bottom: 1px solid var(--line);
  word-break: break-word; }
th { color: var(--muted); font-weight: 600; }
.headers td:first-child { white-space: nowrap; width: 1%; }
.exchange { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 12px; }
h4 { margin: 8px 0 2px; font-size: 13px; }
ol.timeline { list-style: none; margin: 10px 0 0; padding: 0 0 0 14px; border-left: 2px solid var(--line); }
.call { position: relative; margin: 0 0 12px; padding-left: 10px; }
.call::before { content: ""; position: absolute; left: -21px; top: 6px; width: 10px; height: 10px;
  border-radius: 50%; background: var(--ok); }
.call.error::before { background: var(--error); }
.call.changed { outline: 2px solid var(--error); outline-offset: 4px; border-radius: 4px; }
.diff { table-layout: fixed; }
.diff td { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; white-space: pre-wrap; }
.diff td.del { background: var(--del); } .diff td.ins { background: var(--ins); }
a { color: var(--info); }
[hidden] { display: none !important; }
`;
