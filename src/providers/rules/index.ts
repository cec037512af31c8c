/** The provider gate's judge (issue 42): each provider profile's dated, sourced rules over the tools one agent sends. */
export { judgeTools } from "./judge-tools.js";
export { allProviderRules, PROVIDER_PROFILES, type ProviderProfile } from "./provider-profiles.js";
export type { ProviderRule, RequestShape, RuleFinding } from "./provider-rule.js";
