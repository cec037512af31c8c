import type { LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { DIFY_RULE_PROFILES, isDifyHttpNode } from "./dify-rule-helpers.js";

const MESSAGE =
  "a 4xx answer (400, 401, 404, 422) succeeds: with no error strategy and retry off, the next node reads the error body as data";

/** A non-2xx answer the node passes on as a success (fact 39). */
export const difyErrorStatusPasses: LintRule<DifyHttpRequestConfig> = {
  id: "dify-error-status-passes",
  severity: "warning",
  profiles: DIFY_RULE_PROFILES,
  description:
    "an HTTP Request node with no error strategy and retry off: a 404 succeeds and its error body flows on as data",
  docs:
    "Dify's HTTP Request node fails on a non-2xx status only when it has an error strategy or retry on " +
    "(reference/dify-tools.md fact 39). Otherwise a 400, 401, 404 or 422 (the statuses Dify's client returns, " +
    "fact 38) *succeeds*: `status_code` holds the status and `body` the service's error text, which the next " +
    "node — an LLM, a Code node, the answer — takes as the data it asked for. Set the node's error handling to " +
    "Fail Branch (or Default Value), or branch on `status_code` after it; a node whose `status_code` another node " +
    "reads (an if-else, a Code node) is not reported.",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    // A node reading its status_code (an if-else on it) is the app handling the status itself.
    if (config.error_strategy !== undefined || config.retry_config.retry_enabled || config.statusRead)
      return [];
    return [
      {
        path: "error_strategy",
        message: MESSAGE,
        // Every such node of a run passes errors alike: said once, naming the nodes.
        cause: { key: "no-error-strategy", summary: MESSAGE },
        suggestion: "set the node's error handling to Fail Branch, or branch on its status_code",
      },
    ];
  },
};
