import { STDIN_FILE } from "../config/load-tool-configs.js";
import type { ApplyFixesOptions, FixOutcome } from "./apply-fixes.js";
import type { Diagnostic } from "./diagnostic.js";
import { MAX_FIX_PASSES } from "./fix-passes.js";
import type { CheckReport } from "./report.js";

/** What `--fix` did, over every pass. */
export interface FixSummary {
  /** Findings whose fix was applied. */
  findings: number;
  /** Files rewritten. */
  files: number;
  /** Passes that rewrote files. */
  passes: number;
  /** `--fix-dry-run`: the files were not written; `findings` and `files` are what a run would fix. */
  dryRun?: boolean;
  /**
   * Findings that still offered a fix when `MAX_FIX_PASSES` stopped it: the fixes did not settle. Empty
   * when they did.
   */
  unsettled: Diagnostic[];
}

/** What `checkWithFixes` tells its caller about each pass: the fixes applied, and those it left alone. */
export interface FixReporter {
  /** Called for every pass that rewrote files. */
  onFixed?: (fixed: FixOutcome["fixed"]) => void;
  /** Called once, when a pass fixes nothing: the fixable findings left alone, and why. */
  onNotFixed?: (skipped: FixOutcome["skipped"]) => void;
  /** With `dryRun`: called once, with the diff of each file the fixes would rewrite. */
  onDiffs?: (diffs: FixOutcome["diffs"]) => void;
  /** Called last, with what every pass did together. */
  onDone?: (summary: FixSummary) => void;
}

/** Which fixes `checkWithFixes` applies (safe ones by default), and what it tells its caller. */
export type FixOptions = FixReporter & ApplyFixesOptions;

/**
 * `tooldeck check --fix` for a library: runs `run` (a whole check: load, lint, probe), applies the safe
 * fixes its findings carry to the config files (the suggestions too, or only some rules' fixes, as
 * `options` say), and runs it again, until a pass fixes nothing or after `MAX_FIX_PASSES`. Returns the
 * last run's outcome, and what the passes did (`fix.unsettled` is not empty when the limit stopped fixes
 * that kept coming). With `dryRun` it writes nothing: one pass, whose diffs go to `onDiffs`.
 * @example
 * const { report, fix } = await checkWithFixes(async () => ({ report: await check(loadToolConfigs(["tools/"]), options) }));
 */
export async function checkWithFixes<T extends { report: CheckReport }>(
  run: () => Promise<T>,
  options: FixOptions = {},
): Promise<T & { fix: FixSummary }> {
  const reporter = options;
  let outcome = await run();
  // Loaded only to fix: it edits YAML with the comment-keeping \`yaml\` parser, which checking never needs.
  const { applyFixes } = await import("./apply-fixes.js");
  const files = new Set<string>();
  let findings = 0;
  let passes = 0;
  let settled = false;
  while (!settled && passes < MAX_FIX_PASSES) {
    const fixed = applyFixes(outcome.report.diagnostics, options);
    if (options.dryRun) {
      reporter.onDiffs?.(fixed.diffs);
      reporter.onNotFixed?.(fixed.skipped);
      findings = fixed.fixed.reduce((sum, { fixes }) => sum + fixes.length, 0);
      for (const { file } of fixed.fixed) files.add(file);
      settled = true;
      break;
    }
    if (fixed.fixed.length === 0) {
      reporter.onNotFixed?.(fixed.skipped);
      settled = true;
      break;
    }
    passes++;
    for (const { file, fixes } of fixed.fixed) {
      files.add(file);
      findings += fixes.length;
    }
    reporter.onFixed?.(fixed.fixed);
    outcome = await run();
  }
  const unsettled = settled ? [] : stillFixable(outcome.report.diagnostics);
  const summary: FixSummary = { findings, files: files.size, passes, unsettled };
  if (options.dryRun) summary.dryRun = true;
  reporter.onDone?.(summary);
  return { ...outcome, fix: summary };
}

/**
 * The findings that offer a fix `--fix` would apply (what was read from stdin is never rewritten, a fix
 * that cannot be written in its file's format never applied).
 */
function stillFixable(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter(
    (diagnostic) =>
      diagnostic.fix && diagnostic.fix.notFixable === undefined && diagnostic.file !== STDIN_FILE,
  );
}

/**
 * `fixed 4 findings in 1 file (2 passes)`, and when the pass limit stopped fixes that kept coming, that it
 * stopped, with each finding still offering a fix on a line of its own.
 */
export function describeFixSummary(summary: FixSummary): string[] {
  const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
  const counts = `${plural(summary.findings, "finding")} in ${plural(summary.files, "file")}`;
  if (summary.dryRun) return [`would fix ${counts} (--fix-dry-run: nothing written)`];
  const done = `fixed ${counts} (${plural(summary.passes, "pass", "passes")})`;
  if (summary.unsettled.length === 0) return [done];
  return [
    `${done}, and stopped at the limit of ${MAX_FIX_PASSES} passes: these findings still offer fixes`,
    ...summary.unsettled.map(
      (d) => `  ${d.file}: ${d.tool}: ${d.code} at ${d.path || "the top"}: ${d.fix?.description}`,
    ),
  ];
}
