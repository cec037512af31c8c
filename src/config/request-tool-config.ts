import { z } from "zod";

export const HttpMethodSchema = z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]);
export type HttpMethod = z.infer<typeof HttpMethodSchema>;

/** Types a params- or body-schema entry may declare. Flowise turns all but number/boolean into strings. */
export const FieldTypeSchema = z.enum(["string", "number", "integer", "boolean", "object", "array"]);
export type FieldType = z.infer<typeof FieldTypeSchema>;

/** One entry of a Query Params Schema (spec section 1): where the value goes and what it is. */
export const ParamSpecSchema = z.object({
  type: FieldTypeSchema.default("string"),
  /**
   * `path` or `query`. Flowise 3.1.4 also accepts any other value (`header`) and drops the param; such
   * configs come only from Flowise exports (tooldeck's own format allows path and query), and the
   * standard profile refuses them.
   */
  in: z.string().optional(),
  required: z.boolean().optional(),
  description: z.string().optional(),
});
export type ParamSpec = z.infer<typeof ParamSpecSchema>;

/** One entry of a Body Schema (spec section 1). */
export const BodyFieldSpecSchema = z.object({
  type: FieldTypeSchema.default("string"),
  required: z.boolean().optional(),
  description: z.string().optional(),
});
export type BodyFieldSpec = z.infer<typeof BodyFieldSpecSchema>;

/** Headers as an object of strings; values may hold `{{…}}` variables. */
export const HeadersSchema = z.record(z.string(), z.string());

/**
 * Where the Flowise server resolves `{{…}}` in a tool's inputs before the tool runs (Flowise 3.1.4,
 * reference section 6). Only from Flowise exports and instances: a chatflow (V1) resolves every field
 * but leaves `{{current_date_time}}` and spaced variables literal; in an Agentflow V2 Agent node only the
 * fields the node's first tool accepts are resolved, so the others are sent as written.
 */
export const FlowiseVariableScopeSchema = z.discriminatedUnion("flow", [
  z.object({ flow: z.literal("chatflow") }),
  z.object({ flow: z.literal("agentflow"), resolved: z.array(z.enum(["url", "headers", "body"])) }),
]);
export type FlowiseVariableScope = z.infer<typeof FlowiseVariableScopeSchema>;

/**
 * A request tool: one HTTP method on one URL, with the parameters the LLM fills in. The canonical form
 * every loader produces (tools/ files, Flowise native keys, Flowise exports).
 */
export const RequestToolConfigSchema = z.object({
  kind: z.literal("request"),
  method: HttpMethodSchema,
  name: z.string().min(1),
  description: z.string(),
  url: z.string(),
  headers: HeadersSchema.default({}),
  /** GET/DELETE in Flowise; any method under the standard profile. */
  queryParamsSchema: z.record(z.string(), ParamSpecSchema).optional(),
  /**
   * A Query Params Schema Flowise could not parse: the LLM is shown free-form query parameters, and
   * Flowise sends none of them (the URL as configured). Only from Flowise exports.
   */
  queryParamsSchemaInvalid: z.literal(true).optional(),
  /** Fixed body (POST/PUT/PATCH). */
  body: z.record(z.string(), z.unknown()).optional(),
  bodySchema: z.record(z.string(), BodyFieldSpecSchema).optional(),
  /**
   * Characters of output the LLM sees; absent = no limit (Flowise's blank), 0 = always empty. Flowise
   * accepts a negative one and cuts with `slice(0, n)`; the standard profile refuses it.
   */
  maxOutputLength: z.number().int().optional(),
  /** Flowise profile: where Flowise resolves variables; absent = everywhere (tooldeck's own configs). */
  flowiseVariables: FlowiseVariableScopeSchema.optional(),
});
/** A request tool (`kind: request`), one HTTP call: what `RequestToolConfigSchema` parses. */
export type RequestToolConfig = z.infer<typeof RequestToolConfigSchema>;
