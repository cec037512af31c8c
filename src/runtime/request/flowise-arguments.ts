import { z } from "zod/v3";
import { zodToJsonSchema } from "zod-to-json-schema";
import type { BodyFieldSpec, ParamSpec, RequestToolConfig } from "../../config/request-tool-config.js";
import { coerceObject, type ExpectedType } from "./coerce-arguments.js";
import { type ArgumentsContract, type RequestToolArguments, SCHEMA_MISMATCH } from "./tool-arguments.js";

/**
 * The arguments contract of a Flowise 3.1 request tool. Flowise builds zod v3 schemas and LangChain
 * shows the LLM their zod-to-json-schema conversion, so this builds the same zod v3 schemas (zod 4
 * ships the v3 API as `zod/v3`) and converts them with the same library: the JSON the LLM sees, the
 * transforms (`"3"` → 3 for number params) and the stripping of unknown keys are Flowise's own.
 */
export function flowiseArguments(config: RequestToolConfig): ArgumentsContract {
  const { schema, types } = hasBody(config)
    ? bodySchema(config.bodySchema)
    : paramsSchema(config.queryParamsSchema);
  const coerce = (args: unknown) => coerceWrapper(args, types);
  return {
    jsonSchema: zodToJsonSchema(schema) as Record<string, unknown>,
    coerce,
    parse(args) {
      const parsed = schema.safeParse(coerce(args));
      if (parsed.success) return { ok: true, value: parsed.data as RequestToolArguments };
      return { ok: false, error: `${SCHEMA_MISMATCH}: ${describeIssues(parsed.error.issues)}` };
    },
  };
}

/** Flowise's POST and PUT tools carry a body; GET and DELETE carry query params. */
function hasBody(config: RequestToolConfig): boolean {
  return config.method === "POST" || config.method === "PUT" || config.method === "PATCH";
}

type Built = {
  schema: z.ZodTypeAny;
  types: { key: "queryParams" | "body"; fields: Record<string, ExpectedType> };
};

function paramsSchema(spec: Record<string, ParamSpec> | undefined): Built {
  const entries = Object.entries(spec ?? {});
  if (entries.length === 0) {
    const free = z
      .record(z.string())
      .optional()
      .describe("Optional query parameters to include in the request");
    return { schema: z.object({ queryParams: free }), types: { key: "queryParams", fields: {} } };
  }
  const shape: Record<string, z.ZodTypeAny> = {};
  const fields: Record<string, ExpectedType> = {};
  for (const [key, param] of entries) {
    shape[key] = finish(paramType(param), param);
    fields[key] = "string";
  }
  const params = z.object(shape).optional().describe("Query parameters for the request");
  return { schema: z.object({ queryParams: params }), types: { key: "queryParams", fields } };
}

/** Every param is a string to the LLM; number and boolean are transformed after validation. */
function paramType(param: ParamSpec): z.ZodTypeAny {
  if (param.type === "number") return z.string().transform((value) => Number(value));
  if (param.type === "boolean") return z.string().transform((value) => value === "true");
  return z.string();
}

function bodySchema(spec: Record<string, BodyFieldSpec> | undefined): Built {
  const entries = Object.entries(spec ?? {});
  if (entries.length === 0) {
    const free = z.record(z.any()).optional().describe("Optional body data to include in the request");
    return { schema: z.object({ body: free }), types: { key: "body", fields: {} } };
  }
  const shape: Record<string, z.ZodTypeAny> = {};
  const fields: Record<string, ExpectedType> = {};
  for (const [key, field] of entries) {
    const [type, expected] = bodyType(field);
    shape[key] = finish(type, field);
    fields[key] = expected;
  }
  return {
    schema: z.object({ body: z.object(shape).describe("Request body parameters") }),
    types: { key: "body", fields },
  };
}

/** Flowise maps number, boolean, object and array; anything else, "integer" included, is a string. */
function bodyType(field: BodyFieldSpec): [z.ZodTypeAny, ExpectedType] {
  switch (field.type) {
    case "number":
      return [z.number(), "number"];
    case "boolean":
      return [z.boolean(), "boolean"];
    case "object":
      return [z.record(z.any()), "object"];
    case "array":
      return [z.array(z.any()), "array"];
    default:
      return [z.string(), "string"];
  }
}

function finish(
  type: z.ZodTypeAny,
  spec: { description?: string | undefined; required?: boolean | undefined },
) {
  const described = spec.description ? type.describe(spec.description) : type;
  return spec.required ? described : described.optional();
}

function coerceWrapper(args: unknown, types: Built["types"]): unknown {
  const outer = coerceObject(args, { [types.key]: "object" });
  if (typeof outer !== "object" || outer === null) return outer;
  if (!(types.key in outer)) return outer;
  const inner = (outer as Record<string, unknown>)[types.key];
  return { ...outer, [types.key]: coerceObject(inner, types.fields) };
}

function describeIssues(issues: z.ZodIssue[]): string {
  return issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; ");
}
