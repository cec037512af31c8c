import { groupBy } from "../json/group-by.js";
import type { RuleSetting } from "./apply-severities.js";
import { reaches, type Severity } from "./diagnostic.js";
import type { RuleDowngrade, RuleInfo, RuleOverrides } from "./report.js";

/**
 * The rules `settings` turn off or set below their default severity, or undefined when none is (a
 * rule set as heavy as its default or heavier only makes the check stricter). `origins` names the
 * preset or file `source` extends that set a rule, for those `source` did not set itself.
 * @example
 * ruleOverrides({ probe: "off" }, RULE_CATALOG, "tooldeck.config.yaml"); // { source: "tooldeck.config.yaml", off: ["probe"], downgraded: [] }
 */
export function ruleOverrides(
  settings: Readonly<Record<string, RuleSetting>>,
  catalog: readonly RuleInfo[],
  source: string,
  origins: Readonly<Record<string, string>> = {},
): RuleOverrides | undefined {
  const off: string[] = [];
  const downgraded: RuleDowngrade[] = [];
  const setBy: Record<string, string> = {};
  for (const rule of catalog) {
    const setting = settings[rule.id];
    if (setting === undefined) continue;
    const from = heaviestSeverity(rule);
    if (setting === "off") off.push(rule.id);
    else if (!reaches(setting, from)) downgraded.push({ rule: rule.id, from, to: setting });
    else continue;
    const origin = origins[rule.id];
    if (origin !== undefined) setBy[rule.id] = origin;
  }
  if (off.length + downgraded.length === 0) return undefined;
  return { source, off, downgraded, ...(Object.keys(setBy).length > 0 ? { setBy } : {}) };
}

/** One summary line naming rules the settings lowered: those turned off, or those downgraded. */
export interface RuleOverrideLine {
  kind: "off" | "downgraded";
  text: string;
}

/**
 * The summary lines that name them: `rules turned off by tooldeck.config.yaml: operation-not-found,
 * probe` and `rules downgraded by tooldeck.config.yaml: undisclosed-format (warning → info)`; a rule a
 * preset or file set has a line of its own, naming it: `rules turned off by tooldeck:flowise (extended
 * by tooldeck.config.yaml): profile-portability`.
 */
export function describeRuleOverrides(overrides: RuleOverrides | undefined): RuleOverrideLine[] {
  if (!overrides) return [];
  const { source, off, downgraded, setBy = {} } = overrides;
  const by = (rule: string) => {
    const origin = setBy[rule];
    return origin === undefined ? source : `${origin} (extended by ${source})`;
  };
  const lines: RuleOverrideLine[] = [];
  for (const [setter, rules] of groupBy(off, by))
    lines.push({ kind: "off", text: `rules turned off by ${setter}: ${rules.join(", ")}` });
  for (const [setter, rules] of groupBy(downgraded, ({ rule }) => by(rule))) {
    const changes = rules.map(({ rule, from, to }) => `${rule} (${from} → ${to})`);
    lines.push({ kind: "downgraded", text: `rules downgraded by ${setter}: ${changes.join(", ")}` });
  }
  return lines;
}

function heaviestSeverity(rule: RuleInfo): Severity {
  return [rule.severity, ...(rule.otherSeverities ?? [])].reduce((heaviest, severity) =>
    reaches(severity, heaviest) ? severity : heaviest,
  );
}
