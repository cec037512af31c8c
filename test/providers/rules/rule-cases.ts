import { expect } from "vitest";
import { judgeTools } from "../../../src/providers/rules/judge-tools.js";
import { PROVIDER_PROFILES } from "../../../src/providers/rules/provider-profiles.js";
import type { ProviderId, WireTool } from "../../../src/providers/wire-tool.js";

/** One rule's table row: the provider's refusal, a tool list it accepts and one it refuses. */
export interface RuleCase {
  rule: string;
  provider: ProviderId;
  accepted: WireTool[];
  rejected: WireTool[];
  /** The provider's error text, as the rule must say it. */
  message: string;
  path: string;
}

/** A tool as `provider` receives it at position `index`, with an object schema unless given one. */
export function wire(
  provider: ProviderId,
  name: string,
  parameters: unknown = { type: "object", properties: {} },
  extra: Partial<WireTool> = {},
  index = 0,
): WireTool {
  return {
    name,
    description: "Reads one event.",
    parameters,
    path: PROVIDER_PROFILES[provider].toolPath(index),
    ...extra,
  };
}

/** The rule says nothing of the accepted list, and of the rejected list exactly the message at the path. */
export function expectRuleCase({ rule, provider, accepted, rejected, message, path }: RuleCase): void {
  expect(judgeTools(provider, accepted).filter((found) => found.rule === rule)).toEqual([]);
  const found = judgeTools(provider, rejected).filter((violation) => violation.rule === rule);
  expect(found.map(({ message, path }) => ({ message, path }))).toEqual([{ message, path }]);
}
