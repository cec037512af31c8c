import type { LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { templateParts } from "../template/dify-template.js";
import { DIFY_RULE_PROFILES, isDifyHttpNode } from "./dify-rule-helpers.js";

/** A URL that, rendered, does not start with http:// or https:// (fact 26), where its written start says so. */
export const difyUrlScheme: LintRule<DifyHttpRequestConfig> = {
  id: "dify-url-scheme",
  severity: "error",
  profiles: DIFY_RULE_PROFILES,
  description: "a URL that does not start with http:// or https://, which Dify refuses at every run",
  docs:
    "Dify renders the URL and refuses it unless it is non-empty and starts with `http://` or `https://` " +
    "(reference/dify-tools.md fact 26: `url is required`, `url should start with http:// or https://`); it adds " +
    "no scheme. A URL whose written start is text (`api.example.com/v1`, `ftp://…`) fails every run; one that starts " +
    "with a variable (`{{#env.base_url#}}/…`) depends on the value and is not reported.",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    const [first] = templateParts(config.url.trim());
    if (first === undefined)
      return [{ path: "url", message: 'the URL is empty: every run fails with "url is required"' }];
    if ("selector" in first || /^https?:\/\//i.test(first.text)) return [];
    // Text shorter than a scheme, followed by a variable (`http{{#env.s#}}://`), is left to the value.
    if (/^h(t(t(ps?)?)?)?$/i.test(first.text)) return [];
    return [
      {
        path: "url",
        message: `the URL starts with "${first.text.slice(0, 24)}", not http:// or https://: every run fails with "url should start with http:// or https://"`,
        suggestion: "write the scheme: https://…",
      },
    ];
  },
};
