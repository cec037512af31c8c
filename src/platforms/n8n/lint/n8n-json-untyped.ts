import type { LintRule } from "../../../lint/rule.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { fromAiSchema } from "../schema/from-ai-schema.js";
import { firstPathByKey, isN8nTool, N8N_RULE_PROFILES } from "./n8n-rule-helpers.js";

/** A `json` `$fromAI` argument: the model is given no type for it (reference fact 7). */
export const n8nJsonUntyped: LintRule<N8nHttpToolConfig> = {
  id: "n8n-json-untyped",
  severity: "warning",
  profiles: N8N_RULE_PROFILES,
  description: "a json $fromAI argument, which the model is given without any type",
  docs:
    "n8n gives the model a `$fromAI(key, description, 'json')` argument with no `type` at all (its own " +
    "object-or-array schema never reaches the model): only the description says what to send, so models " +
    "send a string holding JSON, a number or nothing. Say the shape in the description (`an object like " +
    '{"name": …}`), or ask for its fields one by one as string, number or boolean keys.',
  appliesTo: isN8nTool,
  check({ config }) {
    if (config.type !== "n8n-nodes-base.httpRequestTool") return [];
    const schema = fromAiSchema(config.parameters);
    if (!schema.ok) return [];
    const firstPaths = firstPathByKey(schema.uses);
    return schema.arguments
      .filter((call) => call.type === "json")
      .map((call) => ({
        path: `parameters.${firstPaths.get(call.key) ?? ""}`,
        message: `${call.key} is json: the model is given no type for it${call.description ? ", only its description" : " and no description"}`,
        suggestion: `say the shape ${call.key} must have in its description, or ask for its fields as typed keys`,
      }));
  },
};
