import { z } from "zod";
import { DifyAgentSchema } from "./dify-agent.js";

/**
 * A custom API tool provider's credentials (reference/dify-tools.md fact 51), as Dify stores them in the
 * provider record (never in the DSL): values are templates of `$vars` (`{{$vars.X}}`) in tooldeck's
 * files, so that secrets come from `--var`/`--secret`.
 */
export const DifyApiCredentialsSchema = z
  .object({
    auth_type: z.enum(["none", "api_key_header", "api_key", "api_key_query"]).default("none"),
    api_key_header: z.string().optional(),
    api_key_value: z.string().optional(),
    api_key_header_prefix: z.enum(["basic", "bearer", "custom"]).optional(),
    api_key_query_param: z.string().optional(),
  })
  .strict();
export type DifyApiCredentials = z.infer<typeof DifyApiCredentialsSchema>;

/** A value a Tool node or an Agent tool fixes (facts 15, 18, 48): a template, a variable, or a constant. */
export const DifyFixedValueSchema = z
  .object({ type: z.enum(["mixed", "variable", "constant"]), value: z.unknown() })
  .strict();
export type DifyFixedValue = z.infer<typeof DifyFixedValueSchema>;

/**
 * A tool of a Dify custom (API) tool provider (`kind: dify-api-tool`, facts 50–74): one operation of the
 * OpenAPI/Swagger document pasted into Dify, as a Tool node or an Agent node uses it. `spec` is that
 * document (a path relative to the config file, as `openapi-toolkit`'s); `name` the tool's name in the
 * provider (its operationId, or Dify's path-derived name, fact 56). `parameters` are the values the node
 * fixes (an Agent tool's `auto: 0` parameters, a Tool node's `tool_parameters`); `description` an Agent
 * tool's `extra.description`, which replaces the operation's (fact 77); `agent` the Agent node it is
 * given to, absent for a workflow Tool node.
 */
export const DifyApiToolConfigSchema = z
  .object({
    kind: z.literal("dify-api-tool"),
    name: z.string().min(1),
    /** The custom tool provider's name (`provider_name`). */
    provider: z.string().min(1),
    spec: z.string().min(1),
    credentials: DifyApiCredentialsSchema.default({ auth_type: "none" }),
    parameters: z.record(z.string(), DifyFixedValueSchema).default({}),
    description: z.string().optional(),
    /** The Tool node's or Agent tool's place: the node id (a Tool node) for messages. */
    node: z.string().optional(),
    agent: DifyAgentSchema.optional(),
  })
  .strict();
/** A Dify custom API tool: what `DifyApiToolConfigSchema` parses. */
export type DifyApiToolConfig = z.infer<typeof DifyApiToolConfigSchema>;
