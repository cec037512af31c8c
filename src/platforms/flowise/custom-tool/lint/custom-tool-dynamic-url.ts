import type { LintRule } from "../../../../lint/rule.js";
import { analyseCustomTool } from "../analysis/analyse-custom-tool.js";
import type { CustomToolConfig } from "../custom-tool-config.js";
import { CUSTOM_TOOL_PROFILES, isCustomTool } from "./custom-tool-rule-helpers.js";

/** A call whose method or URL the code computes: said once, since nothing can judge it without running it. */
export const customToolDynamicUrl: LintRule<CustomToolConfig> = {
  id: "custom-tool-dynamic-url",
  severity: "info",
  profiles: CUSTOM_TOOL_PROFILES,
  description: "a Custom Tool's call whose URL or method the code computes, so it is not checked",
  docs:
    "tooldeck reads a Custom Tool's calls from its code without running it: string and template literals, `+`, " +
    "names set once, `$x` arguments and `$vars.x`. A URL or method built otherwise (a loop, a function's result, " +
    "a value from a response) is known only at run time, so the spec rules do not judge that call; the finding " +
    "says so once per tool.",
  appliesTo: isCustomTool,
  check({ config }) {
    const analysis = analyseCustomTool(config);
    if (!analysis.ok || analysis.calls.every((call) => call.url && call.method)) return [];
    return [{ path: "func", message: "the URL is built at run time: not checked" }];
  },
};
