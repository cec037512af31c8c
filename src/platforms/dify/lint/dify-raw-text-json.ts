import type { LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { rawJsonTemplate } from "./dify-json-body-quoting.js";
import { DIFY_RULE_PROFILES, isDifyHttpNode, keyValueLines } from "./dify-rule-helpers.js";

/** A raw-text body written as JSON with no Content-Type of the node's own: Dify sends it as text/plain (fact 33). */
export const difyRawTextJson: LintRule<DifyHttpRequestConfig> = {
  id: "dify-raw-text-json",
  severity: "warning",
  profiles: DIFY_RULE_PROFILES,
  description: "a raw-text body written as JSON with no Content-Type header: Dify sends it as text/plain",
  docs:
    "Dify adds a Content-Type only when the node's headers have none, and for a raw-text body it is `text/plain` " +
    "(reference/dify-tools.md fact 33). A raw-text body written as JSON therefore reaches the service as plain text: " +
    "a JSON API's body parser (Express's `json()`, a FastAPI model) skips or refuses it, and the call fails or sees " +
    "an empty body. Choose the JSON body type, or add `Content-Type: application/json` to the headers.",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    if (rawJsonTemplate(config) === undefined) return [];
    if (keyValueLines(config.headers).some(({ key }) => key.toLowerCase() === "content-type")) return [];
    return [
      {
        path: "body.type",
        message:
          "the raw-text body is JSON, but the node sets no Content-Type: Dify sends it as text/plain, which a JSON API does not parse",
        suggestion: "set the body type to JSON, or add the header Content-Type: application/json",
      },
    ];
  },
};
