// bench/spec-diff: `tooldeck diff` of two published versions of GitHub Enterprise Server's REST
// description (@octokit/openapi's ghes-3.17 and ghes-3.19), with the GitHub toolkit (one tool per
// operation, 966) and the same operations as request tools as the tools that use the old one. Prints,
// medians of 5 runs: loading and indexing both descriptions (as the command does: responses resolved when
// read), the diff itself (matching the tools, following each operation, comparing what they use), and
// both together; the findings by severity. Target: the diff under 1 s (issue 43).
import { OpenApiToolkitConfigSchema } from "../src/config/openapi-toolkit-config.js";
import type { LoadedTool } from "../src/config/tool-config.js";
import { diffSpecs } from "../src/contracts/spec-diff/diff-specs.js";
import { loadSpec } from "../src/openapi/load-spec.js";
import { createOperationIndex, type OperationIndex } from "../src/openapi/operation-index.js";
import { packagePath } from "../src/package/package-root.js";
import { requestToolFor, toolOperations } from "./support/github-request-tools.js";
import { printTable } from "./support/table.js";

const RUNS = 5;
const ghes = (version: string) =>
  packagePath("node_modules", "@octokit", "openapi", "generated", `ghes-${version}.json`);
const OLD = ghes("3.17");
const NEW = ghes("3.19");

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => (ms / 1000).toFixed(3);

async function load(file: string): Promise<OperationIndex> {
  return createOperationIndex(await loadSpec(file, { lazyRefs: true }));
}

function toolsOf(before: OperationIndex): LoadedTool[] {
  const toolkit: LoadedTool = {
    config: OpenApiToolkitConfigSchema.parse({ kind: "openapi-toolkit", name: "github", spec: OLD }),
    source: { file: "tools/github.yaml", path: "" },
  };
  const requests = toolOperations(before).map((operation, i) => ({
    config: requestToolFor(operation),
    source: { file: "tools/github-requests.yaml", path: `[${i}]` },
  }));
  return [toolkit, ...requests];
}

const loads: number[] = [];
const diffs: number[] = [];
let findings = { error: 0, warning: 0, info: 0 };
let tools = 0;
for (let run = 1; run <= RUNS; run++) {
  const began = performance.now();
  const before = await load(OLD);
  const after = await load(NEW);
  const loaded = performance.now();
  const given = toolsOf(before);
  const diffed = performance.now();
  const { diagnostics } = diffSpecs({ before, after, tools: given });
  diffs.push(performance.now() - diffed);
  loads.push(loaded - began);
  tools = given.length;
  findings = { error: 0, warning: 0, info: 0 };
  for (const diagnostic of diagnostics) findings[diagnostic.severity]++;
}
printTable(`tooldeck diff: GHES 3.17 → 3.19, the GitHub toolkit and ${tools - 1} request tools`, [
  {
    "load + index both s": seconds(median(loads)),
    "diff s": seconds(median(diffs)),
    "both s": seconds(median(loads) + median(diffs)),
    findings: `${findings.error} errors, ${findings.warning} warnings, ${findings.info} infos`,
  },
]);
console.log(`diff in ${seconds(median(diffs))} s (target < 1; median of ${RUNS})`);
process.exitCode = median(diffs) >= 1000 ? 1 : 0;
