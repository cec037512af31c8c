import type { LintRule } from "../../../lint/rule.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { LEGACY_HTTP_TOOL } from "../n8n-node-types.js";
import { legacyPlan } from "../schema/legacy-parameters.js";
import { legacySetupError } from "../schema/legacy-setup.js";
import { isN8nTool, N8N_RULE_PROFILES } from "./n8n-rule-helpers.js";

/** What to change for each of the legacy node's setup errors. */
const SUGGESTIONS = {
  placeholder: "use the placeholder ({name}) in the URL, a JSON text or a value, or remove its definition",
  domain: "write the host out: a placeholder may not stand in the domain with authentication",
  bearer: "use Header Auth with an Authorization header, or the HTTP Request tool",
  name: "rename the node so that its name starts with a letter or _ and holds only letters, digits and _",
} as const;

/** The legacy toolHttpRequest's setup errors, which fail the agent before any model call (reference fact 47). */
export const n8nMisconfiguredPlaceholder: LintRule<N8nHttpToolConfig> = {
  id: "n8n-misconfigured-placeholder",
  severity: "error",
  profiles: N8N_RULE_PROFILES,
  description: "a legacy toolHttpRequest set up in a way n8n refuses before the first model call",
  docs:
    "n8n checks the legacy `toolHttpRequest` node when the agent starts and fails the whole agent (`Error in " +
    "sub-node <node>`) before the model is called: a Placeholder Definition used nowhere (`Misconfigured " +
    "placeholder 'limit'`), a placeholder in the host with authentication (`Can't use a placeholder for the " +
    "domain when using authentication`), Bearer credentials (`The type httpBearerAuth is not supported`), a " +
    "node name that is not an identifier once converted (`The name of this tool is not a valid alphanumeric " +
    "string`). One such tool stops every conversation of the agent.",
  appliesTo: isN8nTool,
  check({ config }) {
    if (config.type !== LEGACY_HTTP_TOOL) return [];
    const setup = legacySetupError(config, legacyPlan(config.parameters));
    if (!setup) return [];
    return [
      {
        path:
          setup.problem === "name"
            ? "name"
            : setup.problem === "placeholder"
              ? "parameters.placeholderDefinitions"
              : "parameters",
        message: `n8n fails the agent before any model call: Error in sub-node ${config.name}: ${setup.message}`,
        suggestion: SUGGESTIONS[setup.problem],
      },
    ];
  },
};
