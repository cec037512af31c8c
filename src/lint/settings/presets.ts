import type { RuleSetting } from "../apply-severities.js";
import { RULE_SEVERITIES } from "../rule-catalog.js";

/**
 * The presets `extends` may name, each a set of rule severities:
 * - `tooldeck:recommended`: every rule at its own severity (what a project with no settings gets);
 * - `tooldeck:strict`: every rule whose findings are all warnings made an error (rules that also
 *   report lighter findings keep them lighter: an error set on them would turn their infos into errors);
 * - `tooldeck:flowise`: for tools that run in Flowise only: the quirks that break every call in a default
 *   Flowise 3.1 made errors, and `profile-portability` off (they never run elsewhere).
 */
export const PRESETS: Readonly<Record<string, Readonly<Record<string, RuleSetting>>>> = {
  "tooldeck:recommended": {},
  "tooldeck:strict": Object.fromEntries(
    RULE_SEVERITIES.filter((rule) => rule.severity === "warning" && !rule.otherSeverities).map((rule) => [
      rule.id,
      "error",
    ]),
  ),
  "tooldeck:flowise": {
    // Refused by Flowise 3.1 unless HTTP_SECURITY_CHECK=false: every call fails.
    "flowise-private-host": "error",
    // The LLM's body is dropped: every write sends the fixed body only.
    "flowise-body-ignored": "error",
    // Sent literally by a chatflow: the URL or header is wrong on every call.
    "flowise-chatflow-variable": "error",
    "profile-portability": "off",
  },
};

/** The names `extends` accepts for presets. */
export const PRESET_NAMES: readonly string[] = Object.keys(PRESETS);
