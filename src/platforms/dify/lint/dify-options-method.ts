import type { LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { DIFY_RULE_PROFILES, isDifyHttpNode } from "./dify-rule-helpers.js";

/** OPTIONS: accepted by the editor, refused by the executor at every run (fact 35). */
export const difyOptionsMethod: LintRule<DifyHttpRequestConfig> = {
  id: "dify-options-method",
  severity: "error",
  profiles: DIFY_RULE_PROFILES,
  description: "an HTTP Request node with method OPTIONS, which fails every run",
  docs:
    "Dify's node validation accepts `options`, but its executor sends only GET, HEAD, POST, PUT, DELETE and PATCH " +
    "(reference/dify-tools.md fact 35): every run fails with `Invalid http method OPTIONS`. Use another method " +
    "(HEAD to probe a URL), or a Code node.",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    if (config.method !== "options") return [];
    return [
      {
        path: "method",
        message: 'OPTIONS passes Dify\'s validation, but every run fails with "Invalid http method OPTIONS"',
        suggestion: "use another method (HEAD to probe the URL)",
      },
    ];
  },
};
