import { agentOf } from "../../config/tool-agent.js";
import type { LoadedTool, ToolConfig } from "../../config/tool-config.js";
import { platformOf, platformToolKind } from "../../platforms/registry.js";
import { toolProfileOf } from "../../runtime/profiles/tool-profile-of.js";
import { TOOL_NAME_PATTERN, toFlowiseToolName } from "../../runtime/tool-name.js";
import { createNameIndex } from "../name-index.js";
import type { Finding, LintRule } from "../rule.js";

// Names are unique per agent (a flow, an Agent node, a file): the index is by agent and name.
const toolsNamed = createNameIndex((tool: LoadedTool) =>
  "name" in tool.config ? agentName(tool.source, String(tool.config.name)) : undefined,
);

function agentName(source: LoadedTool["source"], name: string): string {
  return `${agentOf(source).id}\u0000${name}`;
}

/** Rule 11a: names providers reject, names used twice, names Flowise rewrites. */
export const toolName: LintRule = {
  id: "tool-name",
  severity: "error",
  otherSeverities: ["warning"],
  profiles: ["flowise", "standard"],
  description: "a tool name providers reject, used twice, or rewritten by Flowise",
  docs:
    "LLM providers accept tool names matching ^[a-zA-Z0-9_-]{1,64}$ and reject a request whose tools share a " +
    "name; the tools of one agent (a flow, an Agent node, an n8n agent, a file) are sent together, so a name " +
    "may repeat across agents. Flowise also lower-cases names, turns spaces into `_` and drops other characters, so the model " +
    "sees another name than the one configured. A platform's own kinds are named as written: Flowise passes " +
    "a Custom Tool's name (`Get Weather (1)`) to the model unchecked, so a provider may refuse the whole request.",
  // Request tools, and a platform's kinds (a Custom Tool), whose names reach the model as written.
  appliesTo: (config): config is ToolConfig =>
    config.kind === "request" || platformToolKind(config.kind) !== undefined,
  check({ config, source }, { profile, tools }) {
    const findings: Finding[] = [];
    const name = "name" in config ? String(config.name) : "";
    if (!TOOL_NAME_PATTERN.test(name)) {
      findings.push({
        path: "name",
        message: `name "${name}" is not accepted by LLM providers (^[a-zA-Z0-9_-]{1,64}$)`,
        suggestion: `rename it, e.g. "${toFlowiseToolName(name).slice(0, 64) || "my_tool"}"`,
      });
    }
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
