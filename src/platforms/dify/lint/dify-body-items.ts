import type { LintRule } from "../../../lint/rule.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { DIFY_RULE_PROFILES, isDifyHttpNode } from "./dify-rule-helpers.js";

const SINGLE = new Set(["json", "raw-text", "binary"]);

/** A json, raw-text or binary body with other than one item (fact 12). */
export const difyBodyItems: LintRule<DifyHttpRequestConfig> = {
  id: "dify-body-items",
  severity: "error",
  profiles: DIFY_RULE_PROFILES,
  description: "a json, raw-text or binary body with other than exactly one item, which fails every run",
  docs:
    "A json, raw-text or binary body is one item in Dify (reference/dify-tools.md fact 12): with none, or with " +
    "several (a body type switched from form-data in the editor), every run fails with `json body type should have " +
    "exactly one item` (`raw-text …`, `binary …`). Keep one item, or choose form-data or x-www-form-urlencoded.",
  appliesTo: isDifyHttpNode,
  check({ config }) {
    const { type, data } = config.body;
    if (!SINGLE.has(type) || data.length === 1) return [];
    return [
      {
        path: "body.data",
        message: `the ${type} body has ${data.length} items: every run fails with "${type} body type should have exactly one item"`,
        suggestion: "keep exactly one item",
      },
    ];
  },
};
