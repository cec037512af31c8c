import type { LintRule } from "../../../lint/rule.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { fromAiSchema } from "../schema/from-ai-schema.js";
import { firstPathByKey, isN8nTool, N8N_RULE_PROFILES } from "./n8n-rule-helpers.js";

const PLACEHOLDER = /\{([A-Za-z_][\w-]*)\}/g;

/** A `$fromAI` default with `{placeholders}` that n8n sends as written (the n8n.io Classroom template). */
export const n8nDefaultPlaceholder: LintRule<N8nHttpToolConfig> = {
  id: "n8n-default-placeholder",
  severity: "warning",
  profiles: N8N_RULE_PROFILES,
  description:
    "a $fromAI default holding {placeholders}, which n8n sends as written when the model leaves the key out",
  docs:
    "A `$fromAI` key with a default is optional: the model may leave it out, and n8n then uses the default " +
    "as written. Templates give a whole URL that way (`$fromAI('url', '…', 'string', " +
    "'https://classroom.googleapis.com/v1/courses/{courseId}/topics')`): nothing fills `{courseId}`, so the " +
    "call goes to `/courses/%7BcourseId%7D/topics`. Ask for each such value as its own `$fromAI` key in the " +
    "URL (`…/courses/{{ $fromAI('courseId') }}/topics`), or drop the default so the model must write the URL.",
  appliesTo: isN8nTool,
  check({ config }) {
    if (config.type !== "n8n-nodes-base.httpRequestTool") return [];
    const schema = fromAiSchema(config.parameters);
    if (!schema.ok) return [];
    const firstPaths = firstPathByKey(schema.uses);
    return schema.arguments.flatMap((call) => {
      if (typeof call.defaultValue !== "string") return [];
      const names = [
        ...new Set([...call.defaultValue.matchAll(PLACEHOLDER)].map((match) => `{${match[1]}}`)),
      ];
      if (names.length === 0) return [];
      const path = firstPaths.get(call.key) ?? "";
      return [
        {
          path: `parameters.${path}`,
          message: `the default of ${call.key} holds ${names.join(", ")}: when the model leaves ${call.key} out, n8n sends it as written`,
          suggestion: `ask for ${names.join(", ")} as $fromAI keys of their own, or remove the default of ${call.key}`,
        },
      ];
    });
  },
};
