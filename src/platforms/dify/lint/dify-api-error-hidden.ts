import { isPlainObject } from "../../../json/json-value.js";
import type { LintRule } from "../../../lint/rule.js";
import { apiToolOf } from "../api-tool/load-api-bundles.js";
import type { DifyApiToolConfig } from "../config/dify-api-tool-config.js";
import { DIFY_RULE_PROFILES, isDifyApiTool, operationPointer } from "./dify-api-rule-helpers.js";

/** The statuses Dify's client retries and never returns (facts 38, 70), and their OpenAPI range. */
const LOST = new Set(["429", "500", "502", "503", "504", "5XX"]);

/**
 * An operation that documents 429 or 5xx answers, which the model never sees (fact 70): Dify's API
 * tool sends with `max_retries=0`, so such an answer becomes `Reached maximum retries (0) for URL …`.
 */
export const difyApiErrorHidden: LintRule<DifyApiToolConfig> = {
  id: "dify-api-error-hidden",
  severity: "info",
  profiles: DIFY_RULE_PROFILES,
  description:
    "a Dify API tool operation documenting 429/5xx answers, whose status and body the model never sees",
  docs:
    "Dify's API tool sends through its SSRF client with `max_retries=0`, and that client treats 429, 500, " +
    "502, 503 and 504 as retryable: it never returns them and raises `Reached maximum retries (0) for URL " +
    "<url>` instead, which is all the model sees (`tool invoke error: …`). A `Retry-After`, a rate-limit " +
    "message or an error body the service writes is lost. Other statuses ≥ 400 reach the model as " +
    "`Request failed with status code <N> and <body>`. When the service's 429/5xx bodies say what to do, " +
    "have it answer with a 4xx the client returns (e.g. 400 or 409) or put the advice in the description.",
  appliesTo: isDifyApiTool,
  check({ config }) {
    const loaded = apiToolOf(config);
    const responses = loaded?.bundle.operation.responses;
    if (!loaded || !isPlainObject(responses)) return [];
    const lost = Object.keys(responses).filter((status) => LOST.has(status.toUpperCase()));
    if (lost.length === 0) return [];
    const where = operationPointer(config.spec, loaded.bundle.path, loaded.bundle.method);
    return [
      {
        message: `${where} documents ${lost.join(", ")} answers: the model sees only "Reached maximum retries (0) for URL ${loaded.bundle.url}", never their status or body`,
      },
    ];
  },
};
