import type { RequestToolConfig } from "../../config/request-tool-config.js";
import { carriedQueryParams } from "../request-shapes.js";
import type { LintRule } from "../rule.js";
import { describeOperation, operationsOf } from "../spec-helpers.js";
import { isRequestTool } from "./rule-helpers.js";

/** Rule 5: a query param none of the tool's operations declares (the tutorial's `limit`). */
export const undeclaredQueryParam: LintRule<RequestToolConfig> = {
  id: "undeclared-query-param",
  severity: "warning",
  profiles: ["flowise", "standard", "n8n", "dify"],
  judgesCalls: true,
  description: "a query parameter the operation does not declare",
  docs:
    "The service ignores (or rejects) a query parameter it does not know, so the LLM believes it limited or " +
    "filtered a list when it did not. The tutorial's get_events offers `limit`, which the event service ignores.",
  appliesTo: isRequestTool,
  check({ config }, context) {
    const operations = operationsOf(config, context);
    if (operations.length === 0) return [];
    const declared = new Set(
      operations.flatMap((op) => op.parameters.filter((p) => p.in === "query").map((p) => p.name)),
    );
    const where = operations.map(describeOperation).join(" or ");
    return carriedQueryParams(config, context.profile)
      .filter(([name]) => !declared.has(name))
      .map(([name]) => ({
        path: `queryParamsSchema.${name}`,
        message: `query param ${name} is not declared by ${where}: the service ignores it`,
        suggestion: `remove ${name}, or document it in the OpenAPI description if the service reads it`,
        fix: {
          description: `remove queryParamsSchema.${name}`,
          changes: [{ path: `queryParamsSchema.${name}` }],
        },
      }));
  },
};
