import type { LintRule } from "../../../../lint/rule.js";
import { analyseCustomTool } from "../analysis/analyse-custom-tool.js";
import type { CustomToolConfig } from "../custom-tool-config.js";
import { CUSTOM_TOOL_PROFILES, isCustomTool } from "./custom-tool-rule-helpers.js";

/** `$vars.x` in code: a runtime variable of that name is the Flowise server's environment variable. */
export const customToolRuntimeVar: LintRule<CustomToolConfig> = {
  id: "custom-tool-runtime-var",
  severity: "info",
  profiles: CUSTOM_TOOL_PROFILES,
  description:
    "a Custom Tool reads a variable that, as a runtime variable, is the Flowise server's environment",
  docs:
    "A Custom Tool's `$vars` holds every variable of the workspace; a `runtime` one is `process.env[<name>]` of " +
    "the Flowise server ('' when unset), so a tool can read any of the server's environment variables and send " +
    "them anywhere it may reach, or return them to the model. The code cannot say which kind a variable is: " +
    "check that the ones it reads are meant for it. tooldeck never reads them from its own environment: they " +
    "come from `--var`.",
  appliesTo: isCustomTool,
  check({ config }) {
    const analysis = analyseCustomTool(config);
    if (!analysis.ok) return [];
    return [...analysis.vars].map(([name, line]) => {
      const reads = `reads $vars.${name}: as a runtime variable it is the Flowise server's environment variable ${name} ('' when unset)`;
      // One variable, whichever tools read it: said once, naming them.
      return { path: "func", message: `line ${line}: ${reads}`, cause: { key: name, summary: reads } };
    });
  },
};
