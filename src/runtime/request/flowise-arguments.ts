import { z } from "zod/v3";
import type { BodyFieldSpec, ParamSpec, RequestToolConfig } from "../../config/request-tool-config.js";
import { convertFlowiseArgs, parseFlowiseArgs } from "../parse-flowise-args.js";
import {
  type FastParser,
  fastAny,
  fastArray,
  fastBoolean,
  fastNumber,
  fastObject,
  fastOptional,
  fastRecord,
  fastString,
  fastTransform,
} from "../zod-v3-fast-path.js";
import { flowiseRequestJsonSchema } from "./flowise-request-json-schema.js";
import type { ArgumentsContract, RequestToolArguments } from "./tool-arguments.js";

/**
 * The arguments contract of a Flowise 3.1 request tool. Flowise builds zod v3 schemas and LangChain
 * shows the LLM their zod-to-json-schema conversion, so this builds the same zod v3 schemas (zod 4
 * ships the v3 API as `zod/v3`): the transforms (`"3"` → 3 for number params) and the stripping of
 * unknown keys are Flowise's own; the JSON the LLM sees is that conversion's, written from the config.
 * Each zod schema is built beside its fast path (zod-v3-fast-path.ts), which answers for arguments
 * that are valid as they are and leaves the rest to zod.
 */
export function flowiseArguments(config: RequestToolConfig, sendsBody: boolean): ArgumentsContract {
  const built = flowiseArgumentsSchema(config, sendsBody);
  return {
    jsonSchema: flowiseRequestJsonSchema(config, sendsBody),
    coerce: (args) => convertFlowiseArgs(built.schema, args, built.fast),
    parse(args) {
      const parsed = parseFlowiseArgs(built.schema, args, built.fast);
      return parsed.ok ? { ok: true, value: parsed.value as RequestToolArguments } : parsed;
    },
  };
}

/** A zod schema and the fast path giving its result for arguments valid as they are. */
export type Built = { schema: z.ZodTypeAny; fast: FastParser };

/** The zod v3 schema of a Flowise request tool's arguments, with its fast path. */
export function flowiseArgumentsSchema(config: RequestToolConfig, sendsBody: boolean): Built {
  return sendsBody ? bodySchema(config.bodySchema) : paramsSchema(config.queryParamsSchema);
}

function paramsSchema(spec: Record<string, ParamSpec> | undefined): Built {
  const entries = Object.entries(spec ?? {});
  if (entries.length === 0) {
    const free = z
      .record(z.string())
      .optional()
      .describe("Optional query parameters to include in the request");
    return {
      schema: z.object({ queryParams: free }),
      fast: fastObject([["queryParams", fastOptional(fastRecord(fastString))]]),
    };
  }
  const shape: Record<string, z.ZodTypeAny> = {};
  const fields: [string, FastParser][] = [];
  for (const [key, param] of entries) {
    const type = paramType(param);
    shape[key] = finish(type.schema, param);
    fields.push([key, param.required ? type.fast : fastOptional(type.fast)]);
  }
  const params = z.object(shape).optional().describe("Query parameters for the request");
  return {
    schema: z.object({ queryParams: params }),
    fast: fastObject([["queryParams", fastOptional(fastObject(fields))]]),
  };
}

const toNumber = (value: string) => Number(value);
const isTrue = (value: string) => value === "true";

/** Every param is a string to the LLM; number and boolean are transformed after validation. */
function paramType(param: ParamSpec): Built {
  if (param.type === "number")
    return { schema: z.string().transform(toNumber), fast: fastTransform(fastString, toNumber) };
  if (param.type === "boolean")
    return { schema: z.string().transform(isTrue), fast: fastTransform(fastString, isTrue) };
  return { schema: z.string(), fast: fastString };
}

function bodySchema(spec: Record<string, BodyFieldSpec> | undefined): Built {
  const entries = Object.entries(spec ?? {});
  if (entries.length === 0) {
    const free = z.record(z.any()).optional().describe("Optional body data to include in the request");
    return {
      schema: z.object({ body: free }),
      fast: fastObject([["body", fastOptional(fastRecord(fastAny))]]),
    };
  }
  const shape: Record<string, z.ZodTypeAny> = {};
  const fields: [string, FastParser][] = [];
  for (const [key, field] of entries) {
    const type = bodyType(field);
    shape[key] = finish(type.schema, field);
    fields.push([key, field.required ? type.fast : fastOptional(type.fast)]);
  }
  return {
    schema: z.object({ body: z.object(shape).describe("Request body parameters") }),
    fast: fastObject([["body", fastObject(fields)]]),
  };
}

/** Flowise maps number, boolean, object and array; anything else, "integer" included, is a string. */
function bodyType(field: BodyFieldSpec): Built {
  switch (field.type) {
    case "number":
      return { schema: z.number(), fast: fastNumber };
    case "boolean":
      return { schema: z.boolean(), fast: fastBoolean };
    case "object":
      return { schema: z.record(z.any()), fast: fastRecord(fastAny) };
    case "array":
      return { schema: z.array(z.any()), fast: fastArray(fastAny) };
    default:
      return { schema: z.string(), fast: fastString };
  }
}

function finish(
  type: z.ZodTypeAny,
  spec: { description?: string | undefined; required?: boolean | undefined },
) {
  const described = spec.description ? type.describe(spec.description) : type;
  return spec.required ? described : described.optional();
}
