import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { escapeRegExp } from "../../text/escape-reg-exp.js";
import type { LintRule } from "../rule.js";
import { fieldPairs } from "./field-types.js";
import { isRequestTool } from "./rule-helpers.js";

/** Words that tell a reader (the LLM) about a format. */
const FORMAT_HINTS: Record<string, RegExp> = {
  "date-time": /iso|8601|yyyy|date-?time|hh:mm|\d{4}-\d{2}-\d{2}t/i,
  date: /iso|8601|yyyy|\d{4}-\d{2}-\d{2}/i,
  time: /hh:mm|iso|8601/i,
  email: /e-?mail/i,
  uuid: /uuid|guid/i,
  uri: /ur[il]|link|http/i,
};

/** Rule 8: the service requires a format or pattern, and nothing the LLM reads says so. */
export const undisclosedFormat: LintRule<RequestToolConfig> = {
  id: "undisclosed-format",
  severity: "warning",
  profiles: ["flowise", "standard"],
  description: "a field with a required format or pattern that the tool never tells the LLM about",
  docs:
    "The LLM writes values from the tool's name and descriptions only. When the service requires a format " +
    "(date-time) or a pattern and the tool does not say so, the model guesses: the tutorial's own example " +
    'sends date "2024-07-15", which the event service rejects. Put the format, with an example, in the field\'s description.',
  appliesTo: isRequestTool,
  check({ config }, context) {
    const seen = new Set<string>();
    return fieldPairs(config, context).flatMap((pair) => {
      const rule = formatRule(pair.schema);
      if (!rule || seen.has(pair.path)) return [];
      seen.add(pair.path);
      const told = [pair.name, pair.field.description ?? "", config.description].join(" ");
      if (rule.hint.test(told)) return [];
      const example = typeof pair.schema.example === "string" ? ` (e.g. ${pair.schema.example})` : "";
      return [
        {
          path: `${pair.path}.description`,
          message: `${pair.name} must be ${rule.label} in ${pair.operation}, and nothing tells the LLM${rule.guess ? `: a guess like "${rule.guess}" is rejected` : ""}`,
          suggestion: `say it in the description: "${pair.field.description ?? pair.name}, ${rule.label}${example}"`,
          fix: {
            description: `say in the description that ${pair.name} is ${rule.label}`,
            changes: [
              {
                path: `${pair.path}.description`,
                value: `${pair.field.description ?? pair.name}, ${rule.label}${example}`,
              },
            ],
          },
        },
      ];
    });
  },
};

export interface FormatRule {
  label: string;
  hint: RegExp;
  /** A value an uninformed model plausibly writes, and the service rejects. */
  guess?: string;
}

/** A pattern that spells a date-time (`^\d{4}-\d{2}-\d{2}T…`): a service's exact rule for one. */
const DATE_TIME_PATTERN = /^\^?\\d\{4\}-\\d\{2\}-\\d\{2\}T/;

export function formatRule(schema: SchemaObject): FormatRule | undefined {
  const format = typeof schema.format === "string" ? schema.format : undefined;
  const pattern = typeof schema.pattern === "string" ? schema.pattern : undefined;
  if (format === "date-time" || (pattern !== undefined && DATE_TIME_PATTERN.test(pattern))) {
    return { label: "an ISO 8601 date-time", hint: FORMAT_HINTS["date-time"] as RegExp, guess: "2024-07-15" };
  }
  if (format)
    return {
      label: `in ${format} format`,
      hint: FORMAT_HINTS[format] ?? new RegExp(escapeRegExp(format), "i"),
    };
  if (pattern !== undefined) return { label: `matching ${pattern}`, hint: /format|pattern|e\.g\.|example/i };
  return undefined;
}
