import { BUILT_IN_CHECKS } from "./built-in-checks.js";
import { PROVIDER_REJECTS } from "./provider-rejects/provider-rejects-info.js";
import type { RuleInfo } from "./report.js";
import { DEFAULT_RULES } from "./rules/index.js";

/**
 * Every rule, the provider gate (provider-rejects) and built-in check (probe, config-invalid, config-warning,
 * config-note): what a finding's code may be.
 */
export const RULE_CATALOG: readonly RuleInfo[] = [
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

/** The ids settings may name (`rules: { id: … }`). */
export const RULE_IDS: readonly string[] = RULE_CATALOG.map((rule) => rule.id);
