import { ToolDeckError } from "../errors.js";
import type { RuleSetting } from "./apply-severities.js";
import { type LintSettings, readLintSettings } from "./lint-settings.js";
import type { SettingsOverride } from "./settings/settings-override.js";

/**
 * `--config-required FILE`: the severities in use must be those of FILE, the settings a CI workflow
 * trusts, or the run stops (a pull request's `tooldeck.config.yaml` that turns a gate off, or its
 * removal, fails loudly instead of passing quietly). Compared by what they set once every `extends` is
 * merged (a changed preset or extended file counts), `overrides` included (their files, tools and
 * rules, in order): comments, layout, key order and reasons aside. Throws a one-line `load` error
 * naming what differs.
 * @example
 * requireLintSettings(readLintSettings(undefined, process.cwd(), RULE_IDS), "ci/tooldeck.config.yaml", RULE_IDS);
 */
export function requireLintSettings(
  inUse: LintSettings,
  requiredFile: string,
  knownRules: readonly string[],
): void {
  const required = readLintSettings(requiredFile, ".", knownRules);
  if (inUse.source === undefined) {
    throw new ToolDeckError(
      "load",
      `--config-required ${requiredFile}: no tooldeck.config.{json,yaml,yml} was found to compare with`,
    );
  }
  const differences = [
    ...knownRules
      .filter((rule) => inUse.rules[rule] !== required.rules[rule])
      .map((rule) => `rules.${rule}: ${shown(inUse.rules[rule])}, required ${shown(required.rules[rule])}`),
    ...overrideDifferences(inUse.overrides, required.overrides),
    ...pluginDifferences(inUse, required),
    ...(inUse.contextBudget?.tokens === required.contextBudget?.tokens
      ? []
      : [
          `contextBudget: ${inUse.contextBudget?.tokens ?? "not set"}, required ${required.contextBudget?.tokens ?? "not set"}`,
        ]),
    // `wire: default` where `captured` is required would hide what the clients really send.
    ...((inUse.wire ?? "default") === (required.wire ?? "default")
      ? []
      : [`wire: ${inUse.wire ?? "not set"}, required ${required.wire ?? "not set"}`]),
  ];
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

/** `overrides[1]: {…}, required not set` for each entry that is not the same, in the same place. */
function overrideDifferences(
  inUse: readonly SettingsOverride[],
  required: readonly SettingsOverride[],
): string[] {
  const differences: string[] = [];
  for (let index = 0; index < Math.max(inUse.length, required.length); index++) {
    const used = gate(inUse[index]);
    const wanted = gate(required[index]);
    if (used !== wanted) differences.push(`overrides[${index}]: ${used}, required ${wanted}`);
  }
  return differences;
}

/** `plugins: ./rules.js, required not set` when the rule modules named differ. */
function pluginDifferences(inUse: LintSettings, required: LintSettings): string[] {
  const named = (settings: LintSettings) =>
    settings.plugins.map((plugin) => plugin.spec).join(", ") || "not set";
  return named(inUse) === named(required) ? [] : [`plugins: ${named(inUse)}, required ${named(required)}`];
}

/** What an override sets, as one canonical line. */
function gate(override: SettingsOverride | undefined): string {
  if (!override) return "not set";
  const rules = Object.fromEntries(Object.entries(override.rules).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify({
    files: override.files,
    ...(override.tools ? { tools: override.tools } : {}),
    rules,
  });
}
