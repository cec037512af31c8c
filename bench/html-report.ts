// bench/html-report: the HTML report (`tooldeck lint --format html`) of GitHub's REST description as
// 1,223 request tools (@octokit/openapi; every tenth broken in a known way, as bench/lint): the static
// check with each tool's JSON schema kept (what the page shows), the page written, and the page opened
// in Debian's headless Chromium until its script has run (the filters' count is shown). Targets: the
// page written in under 2 s, opened in under 3 s. Needs /usr/bin/chromium (as `npm run test:browser`).
import { mkdtempSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { check } from "../src/lint/check.js";
import { formatHtml } from "../src/lint/format/format-html.js";
import { loadSpecIndex } from "../src/lint/load-check-inputs.js";
import { packagePath } from "../src/package/package-root.js";
import { githubRequestTools, toolOperations } from "./support/github-request-tools.js";
import { launchChromium } from "./support/headless-chromium.js";
import { printTable } from "./support/table.js";

const SPEC = packagePath("node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
const RUNS = 3;
const seconds = (ms: number) => (ms / 1000).toFixed(3);

const index = await loadSpecIndex(SPEC);
const size = toolOperations(index).length;
const { configs } = githubRequestTools(index, size);
const tools = configs.map((config, i) => ({ config, source: { file: "github-tools.yaml", path: `[${i}]` } }));
const loaded = { tools, errors: [], warnings: [], specs: [], skipped: [] };
const file = join(mkdtempSync(join(tmpdir(), "tooldeck-bench-html-")), "report.html");

const rows: Record<string, string | number>[] = [];
const written: number[] = [];
const opened: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const began = performance.now();
  const report = await check(loaded, { profile: "standard", spec: index, details: true });
  const checked = performance.now();
  const page = formatHtml(report, { title: "tooldeck lint" });
  writeFileSync(file, page);
  const done = performance.now();
  const openedMs = await openMs(file);
  written.push(done - checked);
  opened.push(openedMs);
  rows.push({
    run,
    tools: report.tools.length,
    findings: report.diagnostics.length,
    "lint (details) s": seconds(checked - began),
    "page written s": seconds(done - checked),
    "page MB": (Buffer.byteLength(page) / 1e6).toFixed(1),
    "opened in Chromium s": seconds(openedMs),
  });
}
printTable(`HTML report of GitHub's REST description as ${size} request tools (lint, standard)`, rows);
const bestWritten = Math.min(...written);
const bestOpened = Math.min(...opened);
console.log(`\npage written in ${seconds(bestWritten)} s (best of ${RUNS}; target < 2)`);
console.log(`page opened in ${seconds(bestOpened)} s (best of ${RUNS}; target < 3)`);
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")} on ${cpus().length} cores`,
);
process.exitCode = bestWritten >= 2000 || bestOpened >= 3000 ? 1 : 0;

/** From navigation to the page's script having run (it writes the count of entries shown), Chromium started beforehand. */
async function openMs(path: string): Promise<number> {
  const context = await launchChromium();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const began = performance.now();
    await page.goto(`file://${path}`, { waitUntil: "load" });
    await page.waitForFunction(() => document.querySelector("#shown")?.textContent !== "");
    return performance.now() - began;
  } finally {
    await context.close();
  }
}
