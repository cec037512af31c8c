import type { ProviderId, ProviderViolation, WireTool } from "../wire-tool.js";
import { PROVIDER_PROFILES } from "./provider-profiles.js";

/**
 * Judges the tool list one agent sends, as the provider receives it, against the provider's profile:
 * every rule broken, with the provider's own text and the exact path in the request body. Pure; never
 * throws for a malformed tool (a schema that is not an object is judged as far as it can be).
 * @example
 * judgeTools("anthropic", [{ name: "get weather", path: "tools[0]", parameters: { type: "object" } }]);
 * // [{ provider: "anthropic", rule: "anthropic/name-pattern", path: "tools[0].name",
 * //    message: "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'", tool: 0 }]
 */
export function judgeTools(provider: ProviderId, tools: readonly WireTool[]): ProviderViolation[] {
  const profile = PROVIDER_PROFILES[provider];
  return profile.rules.flatMap((rule) =>
    rule.judge(tools, profile.request).map((found) => ({
      provider,
      rule: rule.id,
      message: found.message,
      path: found.path,
      ...(found.tool === undefined ? {} : { tool: found.tool }),
    })),
  );
}
