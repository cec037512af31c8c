import { isPlainObject } from "../../../json/json-value.js";
import type { LintRule } from "../../../lint/rule.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { isAgent3 } from "../runtime/agent-version.js";
import { statusSentence } from "../runtime/n8n-error-text.js";
import { isN8nTool, N8N_RULE_PROFILES } from "./n8n-rule-helpers.js";

/** The current node hides an error answer's body from the model (reference facts 28, 42). */
export const n8nErrorBodyHidden: LintRule<N8nHttpToolConfig> = {
  id: "n8n-error-body-hidden",
  severity: "info",
  profiles: N8N_RULE_PROFILES,
  description: "n8n's HTTP Request tool gives the model a fixed sentence for an error answer, never its body",
  docs:
    "On a non-2xx answer n8n's HTTP Request tool gives the model only a sentence for the status " +
    '(`[{"error":"The resource you are requesting could not be found"}]` for 404, `Bad request - please ' +
    "check your parameters` for 400); the body, where the service says what was wrong, goes to the " +
    "execution log only. Under Agent 2.2 the model gets an empty string. When the API's error bodies tell " +
    "the model how to correct its call, set Options → Response → Never Error (the body is returned as a " +
    "success) or Include Response Headers and Status (Full Response).",
  appliesTo: isN8nTool,
  check({ config }) {
    if (config.type !== "n8n-nodes-base.httpRequestTool") return [];
    const options = isPlainObject(config.parameters.options) ? config.parameters.options : {};
    const outer = isPlainObject(options.response) ? options.response : {};
    const response = isPlainObject(outer.response) ? outer.response : {};
    if (response.neverError === true || response.fullResponse === true) return [];
    const seen = isAgent3(config.agent)
      ? `only n8n's sentence for its status (404: "${statusSentence(404)}")`
      : "an empty string (Agent 2.2)";
    const message = `on an error answer the model sees ${seen}, never the body`;
    return [
      {
        path: "parameters.options",
        message,
        // Every such node of the agent's version hides the body alike: said once, naming the nodes.
        cause: { key: isAgent3(config.agent) ? "agent-3" : "agent-2", summary: message },
        suggestion:
          "set Options → Response → Never Error (or Full Response) when the API's error bodies say what to fix",
      },
    ];
  },
};
