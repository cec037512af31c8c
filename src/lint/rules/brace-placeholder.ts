import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { LintRule } from "../rule.js";
import { isRequestTool } from "./rule-helpers.js";

const BRACE = /\{(?!\{)([A-Za-z_][\w-]*)\}(?!\})/g;

/** Rule 3: Flowise 3.1 leaves `{id}` in a request tool URL as it is, and appends the value after it. */
export const bracePlaceholder: LintRule<RequestToolConfig> = {
  id: "brace-placeholder",
  severity: "error",
  profiles: ["flowise"],
  explains: ["missed-operation", "rejected-request"],
  description: "`{name}` placeholders in a request tool URL are not filled by Flowise",
  docs:
    "Flowise 3.1 replaces only `:name` placeholders. With `…/events/{id}` and id 3 it calls `…/events/{id}/3`, " +
    "so the call misses its operation. Write `:id` instead.",
  appliesTo: isRequestTool,
  check({ config }) {
    return [...config.url.matchAll(BRACE)].map(([literal, name]) => ({
      path: "url",
      message: `${literal} is sent literally by Flowise (it only fills :${name})`,
      suggestion: `write :${name} instead of ${literal}`,
      fix: {
        description: `replace ${literal} with :${name}`,
        changes: [{ path: "url", value: config.url.replaceAll(literal, `:${name}`) }],
      },
    }));
  },
};
