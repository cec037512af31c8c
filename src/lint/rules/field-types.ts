import {
  type BodyFieldSpec,
  type FieldType,
  FieldTypeSchema,
  type ParamSpec,
  type RequestToolConfig,
} from "../../config/request-tool-config.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { platformOf } from "../../platforms/registry.js";
import type { Profile } from "../../profile.js";
import { escapeRegExp } from "../../text/escape-reg-exp.js";
import type { Finding, LintRule } from "../rule.js";
import {
  describeOperation,
  jsonBodySchema,
  operationsOf,
  schemaType,
  typeSeenByLlm,
} from "../spec-helpers.js";
import { isRequestTool, sendsBody } from "./rule-helpers.js";
import { isUnseenByModel } from "./unseen-by-model.js";

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
  profiles: ["flowise", "standard", "n8n", "dify"],
  judgesCalls: true,
  explains: ["rejected-request"],
  description:
    "a field whose type or allowed values differ from the operation's, or that the profile cannot express",
  docs:
    "When the tool declares `string` where the service expects an integer (or the other way round), or the " +
    "service accepts only some values the LLM is never told, calls fail on validation. Under flowise every " +
    "param, and every integer body field, reaches the LLM as a string. A type the tool's platform cannot " +
    "declare is never asked for: Flowise (request tools, Custom Tool rows) and n8n's `$fromAI` have no " +
    "integer, so `number` is their type for one (and n8n's untyped `json` for an array); a Flowise param " +
    "reaches the model as a string whatever its type, so a `string` param for a number or boolean is not " +
    "reported under flowise. A param of an array type takes one value of its items' " +
    "type (`tags=a` is the array `[a]`). An enum is told when the field's or the tool's description names " +
    "at least one of its values as a word: a valid subset is enough for the model.",
  appliesTo: isRequestTool,
  check({ config, source }, context) {
    const platform = platformOf(source.format ?? context.profile);
    // A workflow's step (a Dify HTTP Request node): its params are text on the wire whatever their type,
    // and no model is told its enums.
    const unseen = isUnseenByModel(config);
    return fieldPairs(config, context)
      .filter((pair) => !unseen || pair.where === "body")
      .flatMap((pair) =>
        judge(
          pair,
          context.profile,
          platform?.fieldTypes[pair.where],
          unseen ? undefined : config.description,
        ),
      );
  },
};

/**
 * What is wrong with one field: its type against the operation's (within the types its platform can
 * declare, `sayable`; all of them when undefined), and an enum no description names a value of.
 */
function judge(
  pair: FieldPair,
  profile: Profile,
  sayable: readonly FieldType[] | undefined,
  toolDescription: string | undefined,
): Finding[] {
  const expected = schemaType(pair.schema);
  const declared = pair.field.type;
  const seen = typeSeenByLlm(declared, profile, pair.where);
  const findings: Finding[] = [];
  if (!fits(pair.schema, declared, pair.where, sayable) && !shownAsTextAnyway(pair, declared, profile)) {
    const wanted = sayableType(pair.schema, pair.where, sayable);
    findings.push({
      path: `${pair.path}.type`,
      message: `${pair.name} is ${expected} in ${pair.operation}, but the tool declares ${declared}`,
      ...(wanted !== undefined && wanted !== declared ? { suggestion: `declare "type": "${wanted}"` } : {}),
    });
  } else if (seen !== declared && pair.where === "body") {
    findings.push({
      path: `${pair.path}.type`,
      message: `${pair.name} is ${declared}, which Flowise shows the LLM as a ${seen}`,
      ...(declared === "integer" ? { suggestion: 'declare "type": "number"' } : {}),
    });
  }
  // No model reads the tool (toolDescription undefined): no enum to tell.
  if (toolDescription === undefined) return findings;
  const values = (pair.schema.enum ?? []).filter(isNameable).map(String);
  const told = `${pair.field.description ?? ""} ${toolDescription}`;
  if (values.length > 0 && !values.some((value) => namesValue(told, value))) {
    findings.push({
      path: pair.path,
      message: `${pair.name} accepts only ${values.map((v) => JSON.stringify(v)).join(", ")} in ${pair.operation}, and the LLM is not told`,
      suggestion: `list the values in the description of ${pair.name}`,
    });
  }
  return findings;
}

/**
 * Whether a declared type gives values the schema takes: the same type; an integer for a number; a
 * number for an integer where the platform has no integer, and its object for an array where it has no
 * array; for a param, one value of an array's items
 * (OpenAPI's `form`, `simple`, `spaceDelimited` and `pipeDelimited` styles all read one value as an array
 * of one).
 */
function fits(
  schema: SchemaObject,
  declared: FieldType,
  where: FieldPair["where"],
  sayable: readonly FieldType[] | undefined,
): boolean {
  const expected = schemaType(schema);
  if (expected === undefined || expected === declared) return true;
  if (expected === "number" && declared === "integer") return true;
  if (expected === "integer" && declared === "number" && sayable && !sayable.includes("integer")) return true;
  // A platform with objects but no arrays (n8n's untyped `json`) gives arrays as its objects.
  if (expected === "array" && declared === "object" && sayable && !sayable.includes("array")) return true;
  if (expected !== "array" || where !== "param" || declared === "array" || declared === "object")
    return false;
  return schema.items === undefined || fits(schema.items, declared, "body", sayable);
}

/**
 * A param declared `string` where the operation takes a number or boolean, under a profile that gives
 * the model every param as a string (flowise): declaring the other type would show the model the same
 * string, and the query text it sends is the same (`limit=10`), so there is nothing to fix.
 */
function shownAsTextAnyway(pair: FieldPair, declared: FieldType, profile: Profile): boolean {
  const expected = schemaType(pair.schema);
  if (pair.where !== "param" || declared !== "string") return false;
  if (expected !== "integer" && expected !== "number" && expected !== "boolean") return false;
  return typeSeenByLlm(expected, profile, "param") === "string";
}

/** The type to declare for the schema, among those the platform can declare; undefined when none will do. */
function sayableType(
  schema: SchemaObject,
  where: FieldPair["where"],
  sayable: readonly FieldType[] | undefined,
): FieldType | undefined {
  const expected = schemaType(schema);
  if (!isFieldType(expected)) return undefined;
  if (!sayable || sayable.includes(expected)) return expected;
  if (expected === "integer" && sayable.includes("number")) return "number";
  if (expected === "array" && where === "param" && schema.items)
    return sayableType(schema.items, where, sayable);
  return undefined;
}

function isFieldType(type: string | undefined): type is FieldType {
  return FieldTypeSchema.safeParse(type).success;
}

function isNameable(value: unknown): value is string | number | boolean {
  return (
    (typeof value === "string" && value.trim() !== "") ||
    typeof value === "number" ||
    typeof value === "boolean"
  );
}

/** Whether a text names a value as a word of its own: `open` in "open or shipped", not in "reopened". */
function namesValue(text: string, value: string): boolean {
  return new RegExp(`(?<![\\w-])${escapeRegExp(value)}(?![\\w-])`).test(text);
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
