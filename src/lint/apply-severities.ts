import type { Diagnostic, Severity } from "./diagnostic.js";

/** A rule's severity as configured: a level, or `off`. */
export type RuleSetting = Severity | "off";

/**
 * The one place a configured severity (`tooldeck.config.yaml`: `rules: { id: off|info|warning|error }`)
 * is applied, to findings of rules, probes and load checks alike: a level replaces the finding's own,
 * `off` removes the finding.
 */
export function applySeverities(
  diagnostics: readonly Diagnostic[],
  settings: Readonly<Record<string, RuleSetting>> | undefined,
): Diagnostic[] {
  if (!settings) return [...diagnostics];
  return diagnostics.flatMap((diagnostic) => {
    const setting = settings[diagnostic.code];
    if (setting === undefined) return [diagnostic];
    return setting === "off" ? [] : [{ ...diagnostic, severity: setting }];
  });
}
