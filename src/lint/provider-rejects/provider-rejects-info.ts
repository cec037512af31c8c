import type { RuleInfo } from "../report.js";

/** The provider gate's entry in the rule catalog (docs/providers.md). */
export const PROVIDER_REJECTS: RuleInfo = {
  id: "provider-rejects",
  severity: "error",
  otherSeverities: ["warning"],
  description: "a model provider refuses the tool list an agent sends it, stopping every call of the agent",
  docs:
    "Providers check every tool of a request before the model runs, so one tool they refuse fails every call of its agent. " +
    "Each agent's tools (a flow, an Agent node, an n8n agent, a file, an MCP server) are judged as its model client sends them " +
    "against the provider's dated rules (docs/providers.md): name patterns and lengths, unique names, property keys, description " +
    "lengths, tool counts, array items, enum types, type lists, unknown keywords, strict mode's closed objects. The message quotes " +
    "the provider's own error. The providers are those --provider or `providers:` name, else the one the flow's model node is from " +
    "(errors), else every provider's API (warnings).",
};
