import type { ToolAgent } from "../../config/tool-config.js";
import type { ProviderId } from "../../providers/wire-tool.js";
import type { Severity } from "../diagnostic.js";

/**
 * The providers judged when none is chosen and the flow does not say: every provider's API. The strict
 * profiles describe a client setting (`strict: true`), so they are judged only when chosen; `mcp` only for
 * tools MCP servers list, which hosts receive.
 */
export const DEFAULT_PROVIDERS: readonly ProviderId[] = [
  "openai",
  "anthropic",
  "gemini",
  "vertex",
  "bedrock",
];

/** Which providers an agent's tools are judged against, and how much a refusal weighs. */
export interface ProviderChoice {
  providers: readonly ProviderId[];
  severity: Severity;
}

/**
 * The providers named (`--provider`, `providers:`), else the one the agent's flow says its model is from,
 * each an error; else `fallback` (every API), as warnings: tooldeck does not know which is used.
 */
export function chooseProviders(
  agent: ToolAgent,
  chosen: readonly ProviderId[] | undefined,
  fallback: readonly ProviderId[] = DEFAULT_PROVIDERS,
): ProviderChoice {
  if (chosen && chosen.length > 0) return { providers: chosen, severity: "error" };
  if (agent.provider) return { providers: [agent.provider], severity: "error" };
  return { providers: fallback, severity: "warning" };
}
