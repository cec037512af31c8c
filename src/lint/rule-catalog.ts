import { onPlatformLoaded, PLATFORM_ENTRIES } from "../platforms/registry.js";
import { BUILT_IN_CHECKS } from "./built-in-checks.js";
import { PROVIDER_REJECTS } from "./provider-rejects/provider-rejects-info.js";
import type { RuleInfo } from "./report.js";
import { CALL_RULES, DEFAULT_RULES, GENERAL_RULES } from "./rules/index.js";

const catalog: RuleInfo[] = [];

/**
 * Every rule, the provider gate (provider-rejects) and built-in check (probe, config-invalid, config-warning,
 * config-note): what a finding's code may be. A platform's rules are in it once the platform is loaded
 * (every platform for the library; a CLI run loads every one before it lists them all, as SARIF does).
 */
export const RULE_CATALOG: readonly RuleInfo[] = catalog;

// Rebuilt in place after DEFAULT_RULES (registered before this), so that every holder sees the rules loaded.
onPlatformLoaded(() => {
  catalog.splice(0, catalog.length, ...catalogOf());
});
if (catalog.length === 0) catalog.push(...catalogOf());

function catalogOf(): RuleInfo[] {
  return [
    ...DEFAULT_RULES.map(({ id, severity, otherSeverities, description, docs }) => ({
      id,
      severity,
      ...(otherSeverities ? { otherSeverities } : {}),
      description,
      docs,
    })),
    PROVIDER_REJECTS,
    ...BUILT_IN_CHECKS,
  ];
}

/**
 * Every rule's id and severities, the platforms' whether loaded or not (their entries say them): what
 * settings may name (`rules: { id: … }`) and presets are made of.
 */
export const RULE_SEVERITIES: readonly Pick<RuleInfo, "id" | "severity" | "otherSeverities">[] = [
  ...CALL_RULES,
  ...PLATFORM_ENTRIES.flatMap((entry) => entry.rules),
  ...GENERAL_RULES,
  PROVIDER_REJECTS,
  ...BUILT_IN_CHECKS,
].map(({ id, severity, otherSeverities }) =>
  otherSeverities ? { id, severity, otherSeverities } : { id, severity },
);

/** The ids settings may name (`rules: { id: … }`). */
export const RULE_IDS: readonly string[] = RULE_SEVERITIES.map((rule) => rule.id);
