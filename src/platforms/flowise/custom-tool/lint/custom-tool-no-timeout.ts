import type { LintRule } from "../../../../lint/rule.js";
import { analyseCustomTool } from "../analysis/analyse-custom-tool.js";
import type { CustomToolConfig } from "../custom-tool-config.js";
import { CUSTOM_TOOL_PROFILES, describeCall, isCustomTool } from "./custom-tool-rule-helpers.js";

/** An HTTP call without a timeout: Flowise sets none, so a service that never answers holds the call for ever. */
export const customToolNoTimeout: LintRule<CustomToolConfig> = {
  id: "custom-tool-no-timeout",
  severity: "warning",
  profiles: CUSTOM_TOOL_PROFILES,
  description: "a Custom Tool's HTTP call sets no timeout",
  docs:
    "Flowise 3.1.4 applies no time limit to a Custom Tool: its sandbox timeout is never applied, nothing aborts " +
    "a request, and the agent's abort signal is ignored. A service that does not answer keeps the call, and the " +
    "run, waiting for ever. tooldeck's own executor keeps its limit; this finding says what Flowise would do. " +
    "Pass a `timeout` (node-fetch's and axios's option) in the call.",
  appliesTo: isCustomTool,
  check({ config }) {
    const analysis = analyseCustomTool(config);
    if (!analysis.ok) return [];
    return analysis.calls
      .filter((call) => call.client !== "global fetch" && !call.timeout)
      .map((call) => ({
        path: "func",
        message: `line ${call.line}: ${describeCall(call)} sets no timeout: in Flowise this call would hang the server when the service does not answer`,
        suggestion: "pass { timeout: 10000 } with the call",
      }));
  },
};
