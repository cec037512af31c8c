import type { LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { DIFY_RULE_PROFILES, isDifyHttpNode } from "./dify-rule-helpers.js";

const MESSAGE =
  'a 5xx or 429 answer fails the node with "Reached maximum retries for URL …": its status and body are lost';

/** A 5xx/429 answer Dify's client never returns: the node's error names only the URL (fact 38). */
export const difyErrorStatusLost: LintRule<DifyHttpRequestConfig> = {
  id: "dify-error-status-lost",
  severity: "info",
  profiles: DIFY_RULE_PROFILES,
  description: "a 5xx or 429 answer reaches no node: the HTTP Request node fails without its status or body",
  docs:
    "Dify's HTTP client treats 429, 500, 502, 503 and 504 as retryable and never returns them; the HTTP Request " +
    "node calls it with no retries (reference/dify-tools.md facts 37–38), so such an answer fails the node with " +
    "`Reached maximum retries for URL <url>` — the status and the body, where the service says what went wrong or " +
    "when to retry, are lost, whatever the error strategy. Retry on the node (Dify's graph engine retries it) " +
    "helps against a transient 429 or 503; what the service said is not recoverable in Dify, so look in its own logs.",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    const retry = config.retry_config.retry_enabled && config.retry_config.max_retries > 0;
    return [
      {
        path: "retry_config",
        message: MESSAGE,
        cause: { key: retry ? "retried" : "not-retried", summary: MESSAGE },
        suggestion: retry
          ? "the body is not recoverable in Dify: read the service's logs"
          : "turn on retry for a transient 429 or 503; the body is not recoverable in Dify",
      },
    ];
  },
};
