import { ToolDeckError } from "../errors.js";
import type { RuleSetting } from "./apply-severities.js";
import { type LintSettings, readLintSettings } from "./lint-settings.js";

/**
 * `--config-required FILE`: the severities in use must be those of FILE, the settings a CI workflow
 * trusts, or the run stops (a pull request's `tooldeck.config.yaml` that turns a gate off, or its
 * removal, fails loudly instead of passing quietly). Compared by what they set: comments, layout and
 * key order aside. Throws a one-line `load` error naming the first rules that differ.
 * @example
 * requireLintSettings(readLintSettings(undefined, process.cwd(), RULE_IDS), "ci/tooldeck.config.yaml", RULE_IDS);
 */
export function requireLintSettings(
  inUse: LintSettings,
  requiredFile: string,
  knownRules: readonly string[],
): void {
  const required = readLintSettings(requiredFile, ".", knownRules).rules;
  if (inUse.source === undefined) {
    throw new ToolDeckError(
      "load",
      `--config-required ${requiredFile}: no tooldeck.config.{json,yaml,yml} was found to compare with`,
    );
  }
  const differences = knownRules
    .filter((rule) => inUse.rules[rule] !== required[rule])
    .map((rule) => `rules.${rule}: ${shown(inUse.rules[rule])}, required ${shown(required[rule])}`);
  if (differences.length > 0) {
    throw new ToolDeckError(
      "load",
      `${inUse.source} differs from --config-required ${requiredFile} (${differences.join("; ")})`,
    );
  }
}

function shown(setting: RuleSetting | undefined): string {
  return setting ?? "not set";
}
