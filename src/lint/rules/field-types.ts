import type { BodyFieldSpec, ParamSpec, RequestToolConfig } from "../../config/request-tool-config.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import type { Profile } from "../../profile.js";
import type { Finding, LintRule } from "../rule.js";
import {
  describeOperation,
  jsonBodySchema,
  operationsOf,
  schemaType,
  typeSeenByLlm,
} from "../spec-helpers.js";
import { isRequestTool, sendsBody } from "./rule-helpers.js";

/** A tool field and the schema the operation gives it. */
interface FieldPair {
  path: string;
  name: string;
  field: ParamSpec | BodyFieldSpec;
  schema: SchemaObject;
  where: "param" | "body";
  operation: string;
}

/** Rule 7: tool field types against the spec, enums the LLM is not told, types the profile cannot express. */
export const fieldTypes: LintRule<RequestToolConfig> = {
  id: "field-types",
  severity: "warning",
  profiles: ["flowise", "standard", "n8n"],
  judgesCalls: true,
  explains: ["rejected-request"],
  description:
    "a field whose type or allowed values differ from the operation's, or that the profile cannot express",
  docs:
    "When the tool declares `string` where the service expects an integer (or the other way round), or the " +
    "service accepts only some values the LLM is never told, calls fail on validation. Under flowise every " +
    "param, and every integer body field, reaches the LLM as a string.",
  appliesTo: isRequestTool,
  check({ config }, context) {
    return fieldPairs(config, context).flatMap((pair) => judge(pair, context.profile));
  },
};

function judge(pair: FieldPair, profile: Profile): Finding[] {
  const expected = schemaType(pair.schema);
  const declared = pair.field.type;
  const seen = typeSeenByLlm(declared, profile, pair.where);
  const findings: Finding[] = [];
  const compatible =
    expected === undefined || expected === declared || (expected === "number" && declared === "integer");
  if (!compatible) {
    findings.push({
      path: `${pair.path}.type`,
      message: `${pair.name} is ${expected} in ${pair.operation}, but the tool declares ${declared}`,
      suggestion: `declare "type": "${expected}"`,
    });
  } else if (seen !== declared && pair.where === "body") {
    findings.push({
      path: `${pair.path}.type`,
      message: `${pair.name} is ${declared}, which Flowise shows the LLM as a ${seen}`,
    });
  }
  const values = pair.schema.enum;
  if (
    values &&
    values.length > 0 &&
    !values.every((value) => mentions(pair.field.description, String(value)))
  ) {
    findings.push({
      path: pair.path,
      message: `${pair.name} accepts only ${values.map((v) => JSON.stringify(v)).join(", ")} in ${pair.operation}, and the LLM is not told`,
      suggestion: `list the values in the description of ${pair.name}`,
    });
  }
  return findings;
}

function mentions(text: string | undefined, value: string): boolean {
  return (text ?? "").includes(value);
}

/** Every tool param and body field the matched operations also describe. */
export function fieldPairs(
  config: RequestToolConfig,
  context: Parameters<LintRule["check"]>[1],
): FieldPair[] {
  const pairs: FieldPair[] = [];
  for (const operation of operationsOf(config, context)) {
    const where = describeOperation(operation);
    for (const [name, field] of Object.entries(config.queryParamsSchema ?? {})) {
      const param = operation.parameters.find((p) => p.name === name && p.in === (field.in ?? "query"));
      if (param?.schema)
        pairs.push({
          path: `queryParamsSchema.${name}`,
          name,
          field,
          schema: param.schema,
          where: "param",
          operation: where,
        });
    }
    const body = sendsBody(config) ? jsonBodySchema(operation) : undefined;
    for (const [name, field] of Object.entries(config.bodySchema ?? {})) {
      const schema = body?.properties?.[name];
      if (schema)
        pairs.push({ path: `bodySchema.${name}`, name, field, schema, where: "body", operation: where });
    }
  }
  return pairs;
}
