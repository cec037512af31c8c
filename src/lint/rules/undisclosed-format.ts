import type { RequestToolConfig } from "../../config/request-tool-config.js";
import { describeFormat, formatRule, isToldFormat, toldFormat } from "../format-told.js";
import type { LintRule } from "../rule.js";
import { fieldPairs } from "./field-types.js";
import { isRequestTool } from "./rule-helpers.js";
import { isUnseenByModel } from "./unseen-by-model.js";

/** Rule 8: the service requires a format or pattern, and nothing the LLM reads says so. */
export const undisclosedFormat: LintRule<RequestToolConfig> = {
  id: "undisclosed-format",
  severity: "warning",
  profiles: ["flowise", "standard", "n8n", "dify"],
  judgesCalls: true,
  explains: ["rejected-request"],
  description: "a field with a required format or pattern that the tool never tells the LLM about",
  docs:
    "The LLM writes values from the tool's name and descriptions only. When the service requires a format " +
    "(date-time) or a pattern and the tool does not say so, the model guesses: the tutorial's own example " +
    'sends date "2024-07-15", which the event service rejects. Put the format, with an example, in the field\'s description. ' +
    "A format any value of its type satisfies (`int32`, `int64`, `float`, `double`, `password`, `binary`, " +
    "`commonmark`, `html`) is nothing to tell, and is not reported; `byte` is said as base64-encoded text.",
  appliesTo: isRequestTool,
  check({ config }, context) {
    // A workflow's step (a Dify HTTP Request node) has no model to tell: its values come from the run.
    if (isUnseenByModel(config)) return [];
    const seen = new Set<string>();
    return fieldPairs(config, context).flatMap((pair) => {
      const rule = formatRule(pair.schema);
      if (!rule || seen.has(pair.path)) return [];
      seen.add(pair.path);
      const read = [pair.name, pair.field.description ?? "", config.description].join(" ");
      if (isToldFormat(rule, read)) return [];
      const description = describeFormat(pair.field.description, pair.name, toldFormat(rule, pair.schema));
      return [
        {
          path: `${pair.path}.description`,
          message: `${pair.name} must be ${rule.label} in ${pair.operation}, and nothing tells the LLM${rule.guess ? `: a guess like "${rule.guess}" is rejected` : ""}`,
          suggestion: `say it in the description: "${description}"`,
          fix: {
            description: `say in the description that ${pair.name} is ${rule.label}`,
            changes: [{ path: `${pair.path}.description`, value: description }],
          },
        },
      ];
    });
  },
};
