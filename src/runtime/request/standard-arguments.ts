import { z } from "zod";
import type {
  BodyFieldSpec,
  FieldType,
  ParamSpec,
  RequestToolConfig,
} from "../../config/request-tool-config.js";
import { formatZodIssue } from "../../json/format-zod-issue.js";
import { isPlainObject } from "../../json/json-value.js";
import { coerceObject, type ExpectedType } from "./coerce-arguments.js";
import { type ArgumentsContract, type RequestToolArguments, SCHEMA_MISMATCH } from "./tool-arguments.js";

/** The two argument wrappers, each an object (or JSON text of one). */
const WRAPPERS: Record<string, ExpectedType> = { queryParams: "object", body: "object" };

/**
 * The arguments contract of the standard profile: the same `queryParams` / `body` wrappers as Flowise
 * (so one set of arguments runs under both profiles), but every declared type kept (integer stays
 * integer), `required` honoured at every level, params on any method, and a free-form body when a
 * body method has no Body Schema.
 */
export function standardArguments(config: RequestToolConfig, sendsBody: boolean): ArgumentsContract {
  const shape: Record<string, z.ZodType> = {};
  const types: Record<"queryParams" | "body", Record<string, ExpectedType>> = { queryParams: {}, body: {} };
  const params = config.queryParamsSchema ?? {};
  if (Object.keys(params).length > 0) {
    shape.queryParams = group(params, "Path and query parameters of the request", types.queryParams);
  } else if (!sendsBody) {
    shape.queryParams = z
      .record(z.string(), z.string())
      .optional()
      .describe("Optional query parameters to include in the request");
  }
  if (sendsBody) {
    const fields = config.bodySchema ?? {};
    shape.body =
      Object.keys(fields).length > 0
        ? group(fields, "Request body parameters", types.body)
        : z
            .record(z.string(), z.unknown())
            .optional()
            .describe("Optional body data to include in the request");
  }
  const schema = z.object(shape);
  const coerce = (args: unknown) => {
    const outer = coerceObject(args ?? {}, WRAPPERS);
    if (!isPlainObject(outer)) return outer;
    const queryParams =
      "queryParams" in outer ? coerceObject(outer.queryParams, types.queryParams) : undefined;
    const body = "body" in outer ? coerceObject(outer.body, types.body) : undefined;
    if (queryParams === outer.queryParams && body === outer.body) return outer;
    const coerced: Record<string, unknown> = { ...outer };
    if ("queryParams" in outer) coerced.queryParams = queryParams;
    if ("body" in outer) coerced.body = body;
    return coerced;
  };
  return {
    // A plain copy: zod attaches a hidden `~standard` key that LangChain would use to regenerate the
    // schema in its own way (dropping `additionalProperties: false`), so the model would see another one.
    jsonSchema: JSON.parse(
      JSON.stringify(z.toJSONSchema(schema, { target: "draft-7", override: withoutStringKeyNames })),
    ),
    coerce,
    parse(args) {
      const parsed = schema.safeParse(coerce(args));
      if (parsed.success) return { ok: true, value: parsed.data as RequestToolArguments };
      return {
        ok: false,
        error: `${SCHEMA_MISMATCH}: ${parsed.error.issues.map(formatZodIssue).join("; ")}`,
      };
    },
  };
}

/** An object of typed fields, required when any field inside is required. */
function group(
  fields: Record<string, ParamSpec | BodyFieldSpec>,
  description: string,
  types: Record<string, ExpectedType>,
): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(fields)) {
    let type = zodType(field.type);
    if (field.description) type = type.describe(field.description);
    shape[key] = field.required ? type : type.optional();
    types[key] = field.type;
  }
  const object = z.object(shape).describe(description);
  return Object.values(fields).some((field) => field.required) ? object : object.optional();
}

function zodType(type: FieldType): z.ZodType {
  switch (type) {
    case "integer":
      return z.int();
    case "number":
      return z.number();
    case "boolean":
      return z.boolean();
    case "object":
      return z.record(z.string(), z.unknown());
    case "array":
      return z.array(z.unknown());
    default:
      return z.string();
  }
}

/**
 * Drops zod 4's `propertyNames: { type: "string" }` from a record's JSON Schema: it says nothing (every
 * JSON key is a string), and Gemini refuses the keyword, which @langchain/google-genai sends as it is:
 * a free-form body or query would fail every call of an agent on Gemini.
 */
function withoutStringKeyNames({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
  const names = jsonSchema.propertyNames;
  if (isPlainObject(names) && names.type === "string" && Object.keys(names).length === 1)
    delete jsonSchema.propertyNames;
}
