import type { RequestToolConfig } from "../../config/request-tool-config.js";
import { toolProfileOf } from "../../runtime/profiles/tool-profile-of.js";
import type { LintRule } from "../rule.js";
import { isRequestTool } from "./rule-helpers.js";

/** Rule 4: a params-schema entry without `in` is dropped by Flowise and sent as a query param by standard. */
export const paramWithoutIn: LintRule<RequestToolConfig> = {
  id: "param-without-in",
  severity: "warning",
  profiles: ["flowise", "standard"],
  explains: ["missed-operation", "rejected-request"],
  description: "a Query Params Schema entry has no `in`",
  docs:
    "Flowise 3.1 silently drops a parameter whose schema entry has no `in` (#5940 reports such vanishing " +
    'params); the standard profile sends it in the query string. Say `"in": "path"` or `"in": "query"`.',
  appliesTo: isRequestTool,
  check({ config }, { profile }) {
    return Object.entries(config.queryParamsSchema ?? {})
      .filter(([, spec]) => spec.in === undefined)
      .map(([key]) => ({
        path: `queryParamsSchema.${key}`,
        message: toolProfileOf(profile).sendsInQuery({ type: "string" })
          ? `parameter ${key} has no "in": it is sent in the query string`
          : `parameter ${key} has no "in": Flowise drops it, so the LLM's value is never sent`,
        suggestion: `add "in": "query" (or "path") to queryParamsSchema.${key}`,
        fix: {
          description: `set "in": "query"`,
          changes: [{ path: `queryParamsSchema.${key}.in`, value: "query" }],
        },
      }));
  },
};
