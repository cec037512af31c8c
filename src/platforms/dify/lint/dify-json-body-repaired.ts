import type { LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { jsonBodyTemplate } from "./dify-json-body-quoting.js";
import { DIFY_RULE_PROFILES, isDifyHttpNode } from "./dify-rule-helpers.js";
import { readJsonTemplate } from "./json-body-template.js";

/** A JSON body template that is not JSON whatever its variables hold: Dify sends json_repair's guess (fact 29). */
export const difyJsonBodyRepaired: LintRule<DifyHttpRequestConfig> = {
  id: "dify-json-body-repaired",
  severity: "warning",
  profiles: DIFY_RULE_PROFILES,
  description: "a JSON body template that is not JSON: Dify sends what json_repair makes of it",
  docs:
    "Dify renders a JSON body, passes it through `json_repair.repair_json` and only then parses it " +
    "(reference/dify-tools.md fact 29): a template that is not JSON whatever its variables hold — a missing comma, a " +
    "trailing comma, a single quote — is not refused but rewritten, and the rewrite is sent. The Dify editor shows " +
    "nothing wrong and the service gets json_repair's guess (the corpus file `83-…即梦 4.0…` is missing a comma " +
    'after `"prompt"`). Read with each variable as a harmless value, the template must parse as JSON; raw newlines ' +
    "inside strings are accepted, as Dify's parser accepts them. Fix the JSON where the finding says.",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    const template = jsonBodyTemplate(config);
    if (template === undefined || template.trim() === "") return [];
    const { parsed } = readJsonTemplate(template);
    if (parsed.ok) return [];
    return [
      {
        path: "body.data[0].value",
        message: `the JSON body is not JSON at line ${parsed.line} (${parsed.reason}): Dify sends what json_repair makes of it instead of failing`,
        suggestion: `fix the JSON at line ${parsed.line} of the body`,
      },
    ];
  },
};
