import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { LintRule } from "../rule.js";
import { isRequestTool } from "./rule-helpers.js";

/** Rule 12 (static part): a max output length of 0 empties every answer. */
export const outputLength: LintRule<RequestToolConfig> = {
  id: "output-length",
  severity: "warning",
  profiles: ["flowise", "standard"],
  description: "a max output length that cuts the answers the LLM needs",
  docs:
    "Flowise cuts a tool's output to Max Output Length characters with no marker: 0 gives an empty output for " +
    "every call, and a list endpoint cut mid-JSON hands the model a broken document. Raise the limit or " +
    "leave it blank.",
  appliesTo: isRequestTool,
  check({ config }) {
    if (config.maxOutputLength !== 0) return [];
    return [
      {
        path: "maxOutputLength",
        message: "max output length 0: the LLM gets an empty output from every call",
        suggestion: "remove the limit or set it to the size of the answers (e.g. 2000)",
        fix: { description: "remove maxOutputLength", changes: [{ path: "maxOutputLength" }] },
      },
    ];
  },
};
