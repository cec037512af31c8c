import type { LintRule } from "../../../../lint/rule.js";
import { analyseCustomTool } from "../analysis/analyse-custom-tool.js";
import type { CustomToolConfig } from "../custom-tool-config.js";
import { CUSTOM_TOOL_PROFILES, isCustomTool } from "./custom-tool-rule-helpers.js";

/** A Custom Tool whose code does not parse: Flowise fails every call with the SyntaxError. */
export const customToolSyntax: LintRule<CustomToolConfig> = {
  id: "custom-tool-syntax",
  severity: "error",
  profiles: CUSTOM_TOOL_PROFILES,
  description: "a Custom Tool's code that does not parse",
  docs:
    "Flowise runs the code as the body of an async function; code that does not parse fails every call with " +
    '"NodeVM Execution Error: SyntaxError: …", which a chatflow shows the model and an Agentflow V2 Agent fails ' +
    "the run with. tooldeck parses the code (acorn) without running it; nothing else can be judged until it parses.",
  appliesTo: isCustomTool,
  check({ config }) {
    const analysis = analyseCustomTool(config);
    if (analysis.ok) return [];
    return [
      {
        path: "func",
        message: `line ${analysis.line}: the code does not parse (${analysis.message}): every call fails with "NodeVM Execution Error: SyntaxError: …"`,
      },
    ];
  },
};
