import type { LoadedTool, ToolConfig } from "../../config/tool-config.js";
import { platformOf } from "../../platforms/registry.js";
import { toolProfileOf } from "../../runtime/profiles/tool-profile-of.js";
import { TOOL_NAME_PATTERN, toFlowiseToolName } from "../../runtime/tool-name.js";
import { createNameIndex } from "../name-index.js";
import type { Finding, LintRule } from "../rule.js";

const toolsNamed = createNameIndex((tool: LoadedTool) =>
  "name" in tool.config ? String(tool.config.name) : undefined,
);

/** Rule 11a: names providers reject, names used twice, names Flowise rewrites. */
export const toolName: LintRule = {
  id: "tool-name",
  severity: "error",
  otherSeverities: ["warning"],
  profiles: ["flowise", "standard"],
  description: "a tool name providers reject, used twice, or rewritten by Flowise",
  docs:
    "LLM providers accept tool names matching ^[a-zA-Z0-9_-]{1,64}$ and reject a request whose tools share a " +
    "name. Flowise also lower-cases names, turns spaces into `_` and drops other characters, so the model " +
    "sees another name than the one configured.",
  appliesTo: (config): config is ToolConfig => config.kind === "request",
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
    const twin = toolsNamed(tools, name).find((other) => other.config !== config);
    if (twin) {
      const where =
        twin.source.file === source.file ? `at ${twin.source.path || "the top"}` : `in ${twin.source.file}`;
      findings.push({ path: "name", message: `name "${name}" is also used by the tool ${where}` });
    }
    // The name a platform's profile sends (standard ones are checked above).
    const platform = platformOf(profile);
    const sent = toolProfileOf(profile).toolName(name);
    if (platform && sent !== name) {
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
