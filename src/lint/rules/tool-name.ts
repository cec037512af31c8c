import { agentOf } from "../../config/tool-agent.js";
import type { LoadedTool, ToolConfig } from "../../config/tool-config.js";
import { platformOf, platformToolKind } from "../../platforms/registry.js";
import { toolProfileOf } from "../../runtime/profiles/tool-profile-of.js";
import { createNameIndex } from "../name-index.js";
import type { Finding, LintRule } from "../rule.js";

// Names are unique per agent (a flow, an Agent node, a file): the index is by agent and name.
const toolsNamed = createNameIndex((tool: LoadedTool) =>
  "name" in tool.config ? agentName(tool.source, String(tool.config.name)) : undefined,
);

function agentName(source: LoadedTool["source"], name: string): string {
  return `${agentOf(source).id}\u0000${name}`;
}

/**
 * Rule 11a: names used twice in one agent, names Flowise rewrites. Names a provider refuses are
 * provider-rejects' (each provider's own pattern and text, docs/providers.md).
 */
export const toolName: LintRule = {
  id: "tool-name",
  severity: "error",
  otherSeverities: ["warning"],
  profiles: ["flowise", "standard"],
  description: "a tool name used twice in one agent, or rewritten by Flowise",
  docs:
    "The tools of one agent (a flow, an Agent node, an n8n agent, a file) are sent together and the model calls " +
    "them by name, so two tools of one agent sharing a name cannot both be called (Anthropic refuses the request); " +
    "a name may repeat across agents. Flowise also lower-cases names, turns spaces into `_` and drops other " +
    "characters, so the model sees another name than the one configured. A name a provider refuses (its pattern, " +
    "its length) is provider-rejects' finding, in that provider's words.",
  // Request tools, and a platform's kinds (a Custom Tool), whose names reach the model as written.
  appliesTo: (config): config is ToolConfig =>
    config.kind === "request" || platformToolKind(config.kind) !== undefined,
  check({ config, source }, { profile, tools }) {
    const findings: Finding[] = [];
    const name = "name" in config ? String(config.name) : "";
    const twin = toolsNamed(tools, agentName(source, name)).find((other) => other.config !== config);
    if (twin) {
      const where =
        twin.source.file === source.file ? `at ${twin.source.path || "the top"}` : `in ${twin.source.file}`;
      findings.push({ path: "name", message: `name "${name}" is also used by the tool ${where}` });
    }
    // The name a platform's profile sends (standard ones are checked above).
    const platform = platformOf(profile);
    const sent = toolProfileOf(profile).toolName(name);
    if (platform && config.kind === "request" && sent !== name) {
      findings.push({
        path: "name",
        severity: "warning",
        message: `${platform.label} sends this tool as "${sent}", not "${name}"`,
        suggestion: `name it "${sent}"`,
        fix: { description: `rename to ${sent}`, changes: [{ path: "name", value: sent }] },
      });
    }
    return findings;
  },
};
