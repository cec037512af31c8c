import { compareDiagnostics } from "../diagnostic.js";
import type { CheckReport } from "../report.js";
import type { SettingsOverride } from "../settings/settings-override.js";
import { applyInlineDirectives, type ReadConfigText } from "./apply-inline-directives.js";
import { applyOverrides, type OverrideBase } from "./apply-overrides.js";

export interface SuppressOptions {
  /** The settings' `overrides`, and where their globs are relative to. */
  overrides: readonly SettingsOverride[];
  base: OverrideBase;
  /** Reads a YAML config for its `# tooldeck-…` comments; without it comments are not obeyed (`--no-inline-config`). */
  readFile?: ReadConfigText;
  /** Every config file loaded, so that a wrong comment in a file without findings is reported too. */
  files: readonly string[];
  /** The rule ids a comment may name. */
  knownRules: readonly string[];
}

/**
 * The findings a project accepted, moved from `diagnostics` to `suppressed`: first by the settings'
 * `overrides` (which may also change a finding's severity), then by `# tooldeck-disable…` comments in
 * the YAML configs. A comment that names no rule is a `config-invalid` error (`invalidComments`: the
 * CLI exits 2, as for a config that cannot be loaded).
 * @example
 * const { report } = suppressFindings(await check(loaded, options), { overrides: [], base, readFile, files, knownRules: RULE_IDS });
 */
export function suppressFindings(
  report: CheckReport,
  options: SuppressOptions,
): { report: CheckReport; invalidComments: boolean } {
  const overridden = applyOverrides(report.diagnostics, options.overrides, options.base);
  const inline = options.readFile
    ? applyInlineDirectives(overridden.kept, options.files, options.readFile, options.knownRules)
    : { kept: overridden.kept, suppressed: [], problems: [] };
  const suppressed = [...(report.suppressed ?? []), ...overridden.suppressed, ...inline.suppressed].sort(
    compareDiagnostics,
  );
  return {
    report: {
      ...report,
      diagnostics: [...inline.kept, ...inline.problems].sort(compareDiagnostics),
      ...(suppressed.length > 0 ? { suppressed } : {}),
    },
    invalidComments: inline.problems.length > 0,
  };
}
