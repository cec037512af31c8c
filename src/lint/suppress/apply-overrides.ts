import picomatch from "picomatch";
import type { Diagnostic } from "../diagnostic.js";
import type { SettingsOverride } from "../settings/settings-override.js";
import { reportPath } from "./report-path.js";
import type { SuppressedDiagnostic } from "./suppression.js";

/** Where override globs are matched: the folder they are relative to, and the one report paths are. */
export interface OverrideBase {
  /** The folder of the settings file they were read from. */
  dir: string;
  /** The folder a report's file names are relative to (the working directory). */
  cwd: string;
}

/**
 * `overrides` of the settings, applied to each finding of a file (and tool) they match: the last entry
 * that sets the finding's rule decides. `off` suppresses the finding (listed with the override and its
 * reason, never silently dropped); a level replaces its severity.
 */
export function applyOverrides(
  diagnostics: readonly Diagnostic[],
  overrides: readonly SettingsOverride[],
  base: OverrideBase,
): { kept: Diagnostic[]; suppressed: SuppressedDiagnostic[] } {
  const kept: Diagnostic[] = [];
  const suppressed: SuppressedDiagnostic[] = [];
  if (overrides.length === 0) return { kept: [...diagnostics], suppressed };
  const matchers = overrides.map((override) => ({
    override,
    matchesFile: picomatch(override.files, { dot: true }),
  }));
  for (const diagnostic of diagnostics) {
    const file = reportPath(diagnostic.file, base.dir, base.cwd);
    const last = matchers.findLast(
      ({ override, matchesFile }) =>
        override.rules[diagnostic.code] !== undefined &&
        (override.tools === undefined || override.tools.includes(diagnostic.tool)) &&
        matchesFile(file),
    )?.override;
    const setting = last?.rules[diagnostic.code];
    if (!last || setting === undefined) kept.push(diagnostic);
    else if (setting !== "off") kept.push({ ...diagnostic, severity: setting });
    else
      suppressed.push({
        ...diagnostic,
        suppression: { kind: "override", by: last.origin, ...(last.reason ? { reason: last.reason } : {}) },
      });
  }
  return { kept, suppressed };
}
