import type { ProviderId, ProviderViolation, WireTool } from "../../../src/providers/wire-tool.js";

/**
 * A small judge for the emulator tests: names must match `^[a-zA-Z0-9_-]+$`, refused in the provider's
 * own words (the real rules are the provider gate's, plugged in beside the emulators).
 */
export function nameJudge(provider: "openai" | "anthropic" | "gemini") {
  return (tools: WireTool[]): ProviderViolation[] =>
    tools.flatMap((tool, index) =>
      /^[a-zA-Z0-9_-]+$/.test(tool.name) ? [] : [violation(provider, tool, index)],
    );
}

const MESSAGES: Record<string, (tool: WireTool) => string> = {
  openai: (tool) =>
    `Invalid '${tool.path}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
  anthropic: (tool) => `${tool.path}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`,
  gemini: (tool) =>
    `* GenerateContentRequest.${tool.path}.name: Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 64.\n`,
};

function violation(
  provider: ProviderId & ("openai" | "anthropic" | "gemini"),
  tool: WireTool,
  index: number,
): ProviderViolation {
  const message = (MESSAGES[provider] as (tool: WireTool) => string)(tool);
  return { provider, rule: `${provider}/name-pattern`, message, path: `${tool.path}.name`, tool: index };
}
