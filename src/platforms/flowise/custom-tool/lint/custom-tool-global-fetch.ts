import type { LintRule } from "../../../../lint/rule.js";
import { analyseCustomTool } from "../analysis/analyse-custom-tool.js";
import type { CustomToolConfig } from "../custom-tool-config.js";
import { CUSTOM_TOOL_PROFILES, isCustomTool } from "./custom-tool-rule-helpers.js";

/** A call of a global `fetch`, which Flowise's sandbox does not have. */
export const customToolGlobalFetch: LintRule<CustomToolConfig> = {
  id: "custom-tool-global-fetch",
  severity: "error",
  profiles: CUSTOM_TOOL_PROFILES,
  description: "a Custom Tool calls fetch, which is not a global in Flowise's sandbox",
  docs:
    "Flowise 3.1.4 runs Custom Tools in a vm2 sandbox without Node's `fetch` (nor `URL`, `AbortController`, " +
    "`Headers`): a call of the global `fetch` always fails with `ReferenceError: fetch is not defined`. " +
    "`require('node-fetch')` is what the sandbox offers (a plain function through Flowise's host policy).",
  appliesTo: isCustomTool,
  check({ config }) {
    const analysis = analyseCustomTool(config);
    if (!analysis.ok) return [];
    return analysis.calls
      .filter((call) => call.client === "global fetch")
      .map((call) => ({
        path: "func",
        message: `line ${call.line}: fetch is not a global in Flowise's sandbox: this call always fails with "ReferenceError: fetch is not defined"`,
        suggestion: "const fetch = require('node-fetch'); before the call",
      }));
  },
};
