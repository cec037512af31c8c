import type { LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { referenceOf, templateReferences } from "../template/dify-template.js";
import {
  DIFY_RULE_PROFILES,
  isDifyHttpNode,
  isEnvSelector,
  keyValueLines,
  referenceType,
} from "./dify-rule-helpers.js";

/** A header whose value is a variable the run fills: the header text is rendered before it is split (fact 27). */
export const difyHeaderNewline: LintRule<DifyHttpRequestConfig> = {
  id: "dify-header-newline",
  severity: "warning",
  profiles: DIFY_RULE_PROFILES,
  description:
    "a header value from a variable: a newline in it adds headers, since Dify renders the text before splitting it",
  docs:
    "Dify renders the whole header text first and only then splits it into `key:value` lines " +
    "(reference/dify-tools.md fact 27): a value holding a newline — a paragraph input, an LLM's answer — ends its " +
    "header there and makes each following line a header of its own (`X-Admin: true`), the last of two equal names " +
    "winning. Params are split before they are rendered (fact 28), so a newline stays inside a param's value. An " +
    "environment variable (the app's own constant), a number, a select's option, an object or array (written as JSON " +
    "or Python text, newlines escaped) and an identifier Dify generates (`sys.workflow_run_id`) are not reported. Send the value as a param, or " +
    "strip line breaks in a Code node before the HTTP Request node.",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    return keyValueLines(config.headers).flatMap(({ key, value }) =>
      templateReferences(value)
        .filter(
          (selector) =>
            !isEnvSelector(selector) &&
            ["string", "code-string", "text", "unknown"].includes(
              referenceType(selector, config.variableTypes),
            ),
        )
        .map((selector) => ({
          path: "headers",
          message: `header ${key} takes ${referenceOf(selector)}, rendered before the headers are split into lines: a newline in it adds headers of the value's choosing`,
          suggestion: "send it as a param, or remove line breaks from it in a Code node first",
        })),
    );
  },
};
