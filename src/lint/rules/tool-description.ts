import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { Finding, LintRule } from "../rule.js";
import { isRequestTool } from "./rule-helpers.js";
import { isUnseenByModel } from "./unseen-by-model.js";

/** Flowise's default descriptions (reference/flowise-tools.md): they tell the LLM nothing about the API. */
export const GENERIC_DESCRIPTIONS = new Set([
  "Use this when you need to execute a GET request to get data from a website.",
  "Use this when you want to execute a POST request to create or update a resource.",
  "Use this when you want to execute a PUT request to update or replace a resource.",
  "Use this when you need to execute a DELETE request to remove data from a website.",
]);

/** Words that name an action, and the methods that perform it. */
const VERBS: [RegExp, readonly string[]][] = [
  [/\b(delete|remove|cancel)\b/i, ["DELETE"]],
  [/\b(create|add|insert)\b/i, ["POST", "PUT"]],
  [/\b(update|modify|change|edit|rename)\b/i, ["PUT", "PATCH", "POST"]],
  [/\b(get|list|fetch|read|search|find|show)\b/i, ["GET", "POST"]],
];

/** Rule 11b: an empty, generic or contradicting description. */
export const toolDescription: LintRule<RequestToolConfig> = {
  id: "tool-description",
  severity: "warning",
  otherSeverities: ["info"],
  profiles: ["flowise", "standard", "n8n"],
  judgesCalls: true,
  description:
    "a tool description that is empty, Flowise's generic default, or says another action than the method",
  docs:
    "The description is how the LLM chooses a tool. An empty one or Flowise's default (\"Use this when you " +
    'need to execute a GET request…") does not say which resource it reaches; one that says "delete" on a ' +
    "GET tool leads the model to the wrong call (a warning: a GET cannot perform it; other mismatches are info).",
  appliesTo: isRequestTool,
  check({ config }) {
    // A workflow's step (a Dify HTTP Request node) has no model reading its description.
    if (isUnseenByModel(config)) return [];
    const text = config.description.trim();
    if (text === "")
      return [
        {
          path: "description",
          message: "the description is empty: the LLM cannot tell when to use this tool",
        },
      ];
    if (GENERIC_DESCRIPTIONS.has(text)) {
      return [
        {
          path: "description",
          message: "the description is Flowise's generic default: say which resource it reaches",
          severity: "info",
        },
      ];
    }
    const contradiction = VERBS.find(
      ([verb, methods]) => verb.test(text) && !methods.includes(config.method),
    );
    const onlyMatch = VERBS.filter(([verb]) => verb.test(text)).length === 1;
    if (!contradiction || !onlyMatch) return [];
    const word = contradiction[0].exec(text)?.[0];
    // A GET cannot delete, create or change anything: the LLM calls it for an action it will not do.
    const cannotPerform = config.method === "GET" && !contradiction[1].includes("GET");
    const finding: Finding = {
      path: "description",
      message: `the description says "${word}" but the tool sends ${config.method}`,
      severity: cannotPerform ? "warning" : "info",
    };
    return [finding];
  },
};
