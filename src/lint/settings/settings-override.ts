import type { RuleSetting } from "../apply-severities.js";

/** One entry of `overrides`, as read: its globs and tools as lists, and where it is written. */
export interface SettingsOverride {
  files: string[];
  tools?: string[];
  rules: Record<string, RuleSetting>;
  reason?: string;
  /** `tooldeck.config.yaml overrides[0]`: what reports name as having accepted a finding. */
  origin: string;
}
