import type { LintRule } from "../../../lint/rule.js";
import type { DifyApiToolConfig } from "../config/dify-api-tool-config.js";
import { DIFY_RULE_PROFILES, isDifyApiTool } from "./dify-api-rule-helpers.js";

/**
 * An Agent tool's fixed parameters, which the model's arguments override (fact 84): the strategy calls
 * the tool with `{**fixed, **model}` and checks no argument against the schema.
 */
export const difyApiFixedOverride: LintRule<DifyApiToolConfig> = {
  id: "dify-api-fixed-override",
  severity: "warning",
  profiles: DIFY_RULE_PROFILES,
  description:
    "a value an Agent node fixes for a Dify tool, which the model's argument of the same name overrides",
  docs:
    "An Agent node's tool parameter set to a fixed value (not \"auto\") is hidden from the model, but Dify's " +
    "function-calling strategy invokes the tool with the fixed values **then** the model's arguments " +
    "(`{**runtime_parameters, **llm_args}`), and no argument is checked against the schema: a model that " +
    "writes the name (from the description, an earlier answer, or text injected into the conversation) " +
    "replaces the value — an account id, a tenant, a limit. Keep such values out of the tool's " +
    "parameters (in the provider's credentials, or the server's own configuration).",
  appliesTo: isDifyApiTool,
  check({ config }) {
    if (!config.agent) return [];
    return Object.keys(config.parameters).map((name) => ({
      path: `parameters.${name}`,
      message: `the fixed value of ${name} is overridden by the model's ${name} argument when it writes one: ${config.agent?.title ?? "the Agent"} calls the tool with {**fixed, **model}`,
      cause: { key: name, summary: `the model's ${name} argument overrides the value the Agent fixes` },
    }));
  },
};
