import type { RuleSetting } from "./apply-severities.js";
import { reaches, type Severity } from "./diagnostic.js";
import type { RuleDowngrade, RuleInfo, RuleOverrides } from "./report.js";

/**
 * The rules `settings` turn off or set below their default severity, or undefined when none is (a
 * rule set as heavy as its default or heavier only makes the check stricter).
 * @example
 * ruleOverrides({ probe: "off" }, RULE_CATALOG, "tooldeck.config.yaml"); // { source: "tooldeck.config.yaml", off: ["probe"], downgraded: [] }
 */
export function ruleOverrides(
  settings: Readonly<Record<string, RuleSetting>>,
  catalog: readonly RuleInfo[],
  source: string,
): RuleOverrides | undefined {
  const off: string[] = [];
  const downgraded: RuleDowngrade[] = [];
  for (const rule of catalog) {
    const setting = settings[rule.id];
    if (setting === undefined) continue;
    const from = heaviestSeverity(rule);
    if (setting === "off") off.push(rule.id);
    else if (!reaches(setting, from)) downgraded.push({ rule: rule.id, from, to: setting });
  }
  return off.length + downgraded.length > 0 ? { source, off, downgraded } : undefined;
}

/** One summary line naming rules the settings lowered: those turned off, or those downgraded. */
export interface RuleOverrideLine {
  kind: "off" | "downgraded";
  text: string;
}

/**
 * The summary lines that name them: `rules turned off by tooldeck.config.yaml: operation-not-found,
 * probe` and `rules downgraded by tooldeck.config.yaml: undisclosed-format (warning → info)`.
 */
export function describeRuleOverrides(overrides: RuleOverrides | undefined): RuleOverrideLine[] {
  if (!overrides) return [];
  const { source, off, downgraded } = overrides;
  const lines: RuleOverrideLine[] = [];
  if (off.length > 0) lines.push({ kind: "off", text: `rules turned off by ${source}: ${off.join(", ")}` });
  if (downgraded.length > 0) {
    const changes = downgraded.map(({ rule, from, to }) => `${rule} (${from} → ${to})`);
    lines.push({ kind: "downgraded", text: `rules downgraded by ${source}: ${changes.join(", ")}` });
  }
  return lines;
}

function heaviestSeverity(rule: RuleInfo): Severity {
  return [rule.severity, ...(rule.otherSeverities ?? [])].reduce((heaviest, severity) =>
    reaches(severity, heaviest) ? severity : heaviest,
  );
}
