import type { LintRule } from "../../../lint/rule.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { LEGACY_HTTP_TOOL } from "../n8n-node-types.js";
import { isAgent3 } from "../runtime/agent-version.js";
import { isN8nTool, N8N_RULE_PROFILES } from "./n8n-rule-helpers.js";

/** The legacy toolHttpRequest cannot run under Agent 3.x (reference fact 39). */
export const n8nLegacyUnderAgent3: LintRule<N8nHttpToolConfig> = {
  id: "n8n-legacy-under-agent-3",
  severity: "error",
  profiles: N8N_RULE_PROFILES,
  description: "a legacy toolHttpRequest tool under Agent 3.x, which fails every call",
  docs:
    "The legacy `@n8n/n8n-nodes-langchain.toolHttpRequest` node (still in many templates) has no `execute` " +
    "method, and Agent 3.x runs tools through it: the model is offered the tool, and every call answers " +
    '`The node "@n8n/n8n-nodes-langchain.toolHttpRequest" has a "supplyData" method but no "execute" ' +
    "method.` with no request sent. Replace it with the HTTP Request tool (`n8n-nodes-base.httpRequestTool`), " +
    "each `{placeholder}` a `$fromAI` call, or keep the agent at 2.2.",
  appliesTo: isN8nTool,
  check({ config }) {
    if (config.type !== LEGACY_HTTP_TOOL || !isAgent3(config.agent)) return [];
    const agent = config.agent.name
      ? `"${config.agent.name}" (${config.agent.typeVersion})`
      : `${config.agent.typeVersion}`;
    return [
      {
        path: "type",
        message: `agent ${agent} cannot run the legacy toolHttpRequest: every call fails with "has a \\"supplyData\\" method but no \\"execute\\" method" and nothing is sent`,
        suggestion: "in n8n, replace it with the HTTP Request tool, each {placeholder} a $fromAI call",
      },
    ];
  },
};
