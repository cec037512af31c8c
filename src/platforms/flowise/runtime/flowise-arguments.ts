import { z } from "zod/v3";
import { zodToJsonSchema } from "zod-to-json-schema";
import type { BodyFieldSpec, ParamSpec, RequestToolConfig } from "../../../config/request-tool-config.js";
import type { ArgumentsContract, RequestToolArguments } from "../../../runtime/request/tool-arguments.js";
import { convertFlowiseArgs, parseFlowiseArgs } from "./parse-flowise-args.js";

/**
 * The arguments contract of a Flowise 3.1 request tool. Flowise builds zod v3 schemas and LangChain
 * shows the LLM their zod-to-json-schema conversion, so this builds the same zod v3 schemas (zod 4
 * ships the v3 API as `zod/v3`) and converts them the same way: the transforms (`"3"` → 3 for number
 * params), the stripping of unknown keys and the JSON the LLM sees are Flowise's own.
 */
export function flowiseArguments(config: RequestToolConfig, sendsBody: boolean): ArgumentsContract {
  const schema = flowiseArgumentsSchema(config, sendsBody);
  return {
    jsonSchema: zodToJsonSchema(schema) as Record<string, unknown>,
    coerce: (args) => convertFlowiseArgs(schema, args),
    parse(args) {
      const parsed = parseFlowiseArgs(schema, args);
      return parsed.ok ? { ok: true, value: parsed.value as RequestToolArguments } : parsed;
    },
  };
}

/** The zod v3 schema of a Flowise request tool's arguments. */
export function flowiseArgumentsSchema(config: RequestToolConfig, sendsBody: boolean): z.ZodTypeAny {
  return sendsBody ? bodySchema(config.bodySchema) : paramsSchema(config.queryParamsSchema);
}

function paramsSchema(spec: Record<string, ParamSpec> | undefined): z.ZodTypeAny {
  const entries = Object.entries(spec ?? {});
  if (entries.length === 0) {
    const free = z
      .record(z.string())
      .optional()
      .describe("Optional query parameters to include in the request");
    return z.object({ queryParams: free });
  }
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [key, param] of entries) shape[key] = finish(paramType(param), param);
  const params = z.object(shape).optional().describe("Query parameters for the request");
  return z.object({ queryParams: params });
}

/** Every param is a string to the LLM; number and boolean are transformed after validation. */
function paramType(param: ParamSpec): z.ZodTypeAny {
  if (param.type === "number") return z.string().transform((value) => Number(value));
  if (param.type === "boolean") return z.string().transform((value) => value === "true");
  return z.string();
}

function bodySchema(spec: Record<string, BodyFieldSpec> | undefined): z.ZodTypeAny {
  const entries = Object.entries(spec ?? {});
  if (entries.length === 0) {
    const free = z.record(z.any()).optional().describe("Optional body data to include in the request");
    return z.object({ body: free });
  }
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [key, field] of entries) shape[key] = finish(bodyType(field), field);
  return z.object({ body: z.object(shape).describe("Request body parameters") });
}

/** Flowise maps number, boolean, object and array; anything else, "integer" included, is a string. */
function bodyType(field: BodyFieldSpec): z.ZodTypeAny {
  switch (field.type) {
    case "number":
      return z.number();
    case "boolean":
      return z.boolean();
    case "object":
      return z.record(z.any());
    case "array":
      return z.array(z.any());
    default:
      return z.string();
  }
}

function finish(
  type: z.ZodTypeAny,
  spec: { description?: string | undefined; required?: boolean | undefined },
) {
  const described = spec.description ? type.describe(spec.description) : type;
  return spec.required ? described : described.optional();
}
