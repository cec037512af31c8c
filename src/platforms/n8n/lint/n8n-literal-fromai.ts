import type { LintRule } from "../../../lint/rule.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { scanFromAiCalls } from "../expression/from-ai-calls.js";
import { isN8nTool, N8N_RULE_PROFILES, parameterStrings } from "./n8n-rule-helpers.js";

/**
 * A parameter that is documentation the model reads, not a value sent: the node's `toolDescription`, a
 * legacy placeholder's `description`. `$fromAI(…)` written there explains the tool; nothing sends it.
 */
const DESCRIPTION = /(^|\.)(toolDescription|description)$/;

/** `$fromAI` in a parameter that is not an expression (reference facts 6, 22); descriptions are not looked at. */
export const n8nLiteralFromAi: LintRule<N8nHttpToolConfig> = {
  id: "n8n-literal-fromai",
  severity: "error",
  profiles: N8N_RULE_PROFILES,
  description:
    "a $fromAI call in a parameter without the leading `=`: n8n asks the model for it and sends the text",
  docs:
    "n8n finds `$fromAI` keys in every parameter to build the tool's schema, so the model is asked for the " +
    "value, but only a parameter that starts with `=` is an expression: without it n8n sends " +
    "`{{ $fromAI('id', …) }}` literally (URL-encoded in a URL) and the model's value goes nowhere. Switch " +
    "the field to Expression in n8n (the stored value starts with `=`). A description (`toolDescription`, a " +
    "placeholder's `description`) is text the model reads, not a value sent: `$fromAI(…)` written there is " +
    "not reported.",
  appliesTo: isN8nTool,
  check({ config }) {
    return parameterStrings(config.parameters).flatMap(({ path, text }) => {
      if (text.startsWith("=") || DESCRIPTION.test(path)) return [];
      const scan = scanFromAiCalls(text);
      if (!scan.ok || scan.calls.length === 0) return [];
      const keys = [...new Set(scan.calls.map((call) => call.key))].join(", ");
      return [
        {
          path,
          message: `${path.slice("parameters.".length)} is not an expression: n8n sends its {{ $fromAI(…) }} as text while the model is asked for ${keys}`,
          suggestion: `in n8n, switch the field to Expression (store it as "=${text.slice(0, 60)}${text.length > 60 ? "…" : ""}")`,
        },
      ];
    });
  },
};
