// bench/lint: a request-tool config for every operation of GitHub's REST description (@octokit/openapi,
// ~1,100 tool operations), every tenth broken in a known way, all linted against the spec (standard
// profile). Prints seconds per phase, peak RSS, and planted defects found. Target: under 2 s, all found.
import type { LoadedTool } from "../src/config/tool-config.js";
import { lint } from "../src/lint/lint.js";
import { loadSpecIndex } from "../src/lint/load-check-inputs.js";
import { packagePath } from "../src/package/package-root.js";
import { plantDefects, requestToolFor, toolOperations } from "./support/github-request-tools.js";
import { printTable } from "./support/table.js";

const SPEC = packagePath("node_modules", "@octokit", "openapi", "generated", "api.github.com.json");

const start = performance.now();
const index = await loadSpecIndex(SPEC);
const loaded = performance.now();
const configs = toolOperations(index).map(requestToolFor);
const planted = plantDefects(configs, index);
const tools: LoadedTool[] = configs.map((config, i) => ({
  config,
  source: { file: "github-tools.yaml", path: `[${i}]` },
}));
const generated = performance.now();
const diagnostics = lint(tools, { profile: "standard", spec: index });
const linted = performance.now();

const found = planted.filter((defect) =>
  diagnostics.some((d) => d.tool === defect.tool && d.code === defect.code),
);
const missed = planted.filter((defect) => !found.includes(defect));
const seconds = (ms: number) => (ms / 1000).toFixed(3);
printTable("Lint GitHub's REST description as request tools (standard profile)", [
  {
    tools: tools.length,
    "load + index s": seconds(loaded - start),
    "lint s": seconds(linted - generated),
    "total s (target < 2)": seconds(linted - start - (generated - loaded)),
    "peak RSS MB": Math.round(process.resourceUsage().maxRSS / 1024),
    findings: diagnostics.length,
    "planted found": `${found.length}/${planted.length}`,
  },
]);
for (const defect of missed) console.log(`missed: ${defect.tool} ${defect.code}`);
process.exitCode = missed.length > 0 ? 1 : 0;
