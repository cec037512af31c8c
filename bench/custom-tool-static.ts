// bench/custom-tool-static: the static analysis of Flowise's 13 marketplace Custom Tool templates
// (../shared/fixtures/flowise/custom-tools/, read where they lie): each run parses every template's code
// with acorn, finds its HTTP calls and runs every lint rule over the 13 tools (no spec), fresh rows each
// time so nothing is cached. Target (issue 31): all 13 under 50 ms. The first run (cold: modules
// compiled, JIT cold) is printed beside the p50 of the warm ones.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { emptyLoadResult } from "../src/config/load-result.js";
import { createLoadSink } from "../src/config/load-sink.js";
import type { LoadedTool } from "../src/config/tool-config.js";
import { lint } from "../src/lint/lint.js";
import { packageRoot } from "../src/package/package-root.js";
import { readToolRow } from "../src/platforms/flowise/custom-tool/read-tool-row.js";
import { median } from "./support/interleaved.js";
import { printTable } from "./support/table.js";

const RUNS = 50;
const TARGET_MS = 50;

/** shared/fixtures/flowise/custom-tools beside the repository (a worktree finds it further up). */
function templatesDir(): string {
  for (let dir = dirname(packageRoot()); dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, "shared", "fixtures", "flowise", "custom-tools");
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    "bench/custom-tool-static needs ../shared/fixtures/flowise/custom-tools/ beside the repository",
  );
}

const dir = templatesDir();
const texts = readdirSync(dir)
  .sort()
  .map((file) => ({ file, text: readFileSync(join(dir, file), "utf8") }));

/** The 13 templates read from their text as the Tools page exports them, then linted: one run. */
function analyseAll(): number {
  const result = emptyLoadResult();
  const tools: LoadedTool[] = [];
  for (const { file, text } of texts) {
    const row = readToolRow(JSON.parse(text), "", createLoadSink(result, file));
    if (row)
      tools.push({
        config: { kind: "custom-tool", ...row, schema: [...row.schema] },
        source: { file, path: "" },
      });
  }
  return lint(tools, { profile: "flowise" }).length;
}

const coldStart = performance.now();
const findings = analyseAll();
const cold = performance.now() - coldStart;
const warm: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  analyseAll();
  warm.push(performance.now() - start);
}
const p50 = median(warm);
printTable(`static analysis of ${texts.length} Custom Tool templates (${findings} findings), ${RUNS} runs`, [
  { case: "first run (cold)", ms: cold.toFixed(2) },
  { case: "p50 of the warm runs", ms: p50.toFixed(2) },
  { case: "target", ms: `< ${TARGET_MS}` },
]);
console.log(
  `\n${p50 < TARGET_MS ? "within" : "OVER"} the target: p50 ${p50.toFixed(2)} ms for all ${texts.length}`,
);
