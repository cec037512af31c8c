import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { Finding, LintRule } from "../rule.js";
import { describeOperation, jsonBodySchema, operationsOf } from "../spec-helpers.js";
import { isRequestTool, sendsBody } from "./rule-helpers.js";

/** Rule 6: body fields against the operation's request body schema. */
export const bodyFields: LintRule<RequestToolConfig> = {
  id: "body-fields",
  severity: "error",
  otherSeverities: ["warning"],
  profiles: ["flowise", "standard", "n8n", "dify"],
  judgesCalls: true,
  explains: ["rejected-request"],
  description: "body fields the request body schema does not have, or required ones the tool does not send",
  docs:
    "A field the schema does not have is rejected or silently dropped by the service; a required field that " +
    "neither the Body Schema nor the fixed Body provides fails every call; a field the service requires but " +
    "the tool marks optional lets the LLM leave it out.",
  appliesTo: isRequestTool,
  check({ config }, context) {
    if (!sendsBody(config) || !config.bodySchema) return [];
    return operationsOf(config, context).flatMap((operation) => {
      const schema = jsonBodySchema(operation);
      if (!schema?.properties) return [];
      const where = describeOperation(operation);
      const known = schema.properties;
      const required = new Set(schema.required ?? []);
      const offered = { ...config.bodySchema };
      const fixed = config.body ?? {};
      const findings: Finding[] = [];
      const closed = schema.additionalProperties === false || schema.additionalProperties === undefined;
      for (const field of Object.keys(offered)) {
        if (!(field in known) && closed) {
          findings.push({
            path: `bodySchema.${field}`,
            message: `body field ${field} is not in the request body of ${where}`,
          });
        }
      }
      for (const field of required) {
        const spec = offered[field];
        if (spec === undefined && !(field in fixed)) {
          findings.push({
            path: "bodySchema",
            message: `${where} requires body field ${field}, which the tool never sends`,
            suggestion: `add ${field} to the Body Schema with "required": true`,
          });
        } else if (spec && !spec.required && !(field in fixed)) {
          findings.push({
            path: `bodySchema.${field}`,
            severity: "warning",
            message: `${where} requires ${field}, but the tool lets the LLM leave it out`,
            suggestion: `mark bodySchema.${field} "required": true`,
            fix: {
              description: `require ${field}`,
              changes: [{ path: `bodySchema.${field}.required`, value: true }],
            },
          });
        }
      }
      return findings;
    });
  },
};
