import type { FixOutcome } from "./apply-fixes.js";
import type { CheckReport } from "./report.js";

/** A fix can reveal what the next one mends (PUT /events → PATCH /events/{id} brings in its date rule). */
export const MAX_FIX_PASSES = 5;

/** What `checkWithFixes` tells its caller about each pass: the fixes applied, and those it left alone. */
export interface FixReporter {
  /** Called for every pass that rewrote files. */
  onFixed?: (fixed: FixOutcome["fixed"]) => void;
  /** Called once, when a pass fixes nothing: the fixable findings left alone, and why. */
  onNotFixed?: (skipped: FixOutcome["skipped"]) => void;
}

/**
 * `tooldeck check --fix` for a library: runs `run` (a whole check: load, lint, probe), applies the safe
 * fixes its findings carry to the config files, and runs it again, until a pass fixes nothing or
 * after `MAX_FIX_PASSES`. Returns the last run's outcome.
 * @example
 * const { report } = await checkWithFixes(async () => ({ report: await check(loadToolConfigs(["tools/"]), options) }));
 */
export async function checkWithFixes<T extends { report: CheckReport }>(
  run: () => Promise<T>,
  reporter: FixReporter = {},
): Promise<T> {
  let outcome = await run();
  // Loaded only to fix: it edits YAML with the comment-keeping \`yaml\` parser, which checking never needs.
  const { applyFixes } = await import("./apply-fixes.js");
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const fixed = applyFixes(outcome.report.diagnostics);
    if (fixed.fixed.length === 0) {
      reporter.onNotFixed?.(fixed.skipped);
      break;
    }
    reporter.onFixed?.(fixed.fixed);
    outcome = await run();
  }
  return outcome;
}
