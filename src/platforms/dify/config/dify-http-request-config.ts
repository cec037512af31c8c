import { z } from "zod";
import { DIFY_VARIABLE_TYPES } from "./dify-variable-types.js";

/** The methods Dify's editor stores, in either case (fact 10); normalised to lower case. */
export const DIFY_HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options"] as const;
export type DifyHttpMethod = (typeof DIFY_HTTP_METHODS)[number];

/** The body types of an HTTP Request node (fact 12). */
export const DIFY_BODY_TYPES = [
  "none",
  "form-data",
  "x-www-form-urlencoded",
  "raw-text",
  "json",
  "binary",
] as const;
export type DifyBodyType = (typeof DIFY_BODY_TYPES)[number];

/** One item of a body: text (a template) or a file (a variable selector) (fact 12). */
export const DifyBodyItemSchema = z
  .object({
    key: z.string().default(""),
    type: z.enum(["text", "file"]).default("text"),
    value: z.string().default(""),
    file: z.array(z.string()).optional(),
  })
  .strict();
export type DifyBodyItem = z.infer<typeof DifyBodyItemSchema>;

/** `authorization` (fact 11, 34): `no-auth`, or an API key sent as basic, bearer or a custom header. */
export const DifyAuthorizationSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("no-auth") }).strict(),
  z
    .object({
      type: z.literal("api-key"),
      config: z
        .object({
          type: z.enum(["basic", "bearer", "custom"]),
          api_key: z.string().default(""),
          /** The header's name; Dify's default is `Authorization`. */
          header: z.string().optional(),
        })
        .strict(),
    })
    .strict(),
]);
export type DifyAuthorization = z.infer<typeof DifyAuthorizationSchema>;

/**
 * `retry_config` (fact 8), read leniently as exports hold it (`retry_interval: "1000"`, a string; Dify's
 * own fixture's `{enabled, …}`): milliseconds between tries.
 */
export const DifyRetrySchema = z
  .object({
    retry_enabled: z.boolean().default(false),
    max_retries: z.number().int().min(0).default(0),
    retry_interval: z.number().min(0).default(0),
  })
  .strict();
export type DifyRetry = z.infer<typeof DifyRetrySchema>;

/**
 * A Dify HTTP Request node as tooldeck models it (`kind: dify-http-request`): the node's `data` as Dify
 * stores it in an app's DSL (reference/dify-tools.md facts 10–14), its fields already read into their
 * types (a method in lower case, a DSL 0.1.0 string body as one text item, a string `retry_interval` as
 * a number), its templates (`url`, `headers`, `params`, body values) kept as written, `{{#node.var#}}`
 * and all. `node` is its id in the graph, `name` its title. The variables its templates reference are
 * the inputs a run fills (`templateReferences`).
 * @example
 * DifyHttpRequestConfigSchema.parse({
 *   kind: "dify-http-request", name: "Update Event", node: "1733309556954", method: "put",
 *   url: "{{#env.base_url#}}/events", body: { type: "json", data: [{ key: "", type: "text", value: '{"title": "{{#start.title#}}"}' }] },
 * });
 */
export const DifyHttpRequestConfigSchema = z
  .object({
    kind: z.literal("dify-http-request"),
    /** The node's title; the name tooldeck lists and calls it by. */
    name: z.string(),
    /** The node's id in the app's graph. */
    node: z.string().default(""),
    /** The node's description (`data.desc`), if any. */
    desc: z.string().optional(),
    method: z.enum(DIFY_HTTP_METHODS),
    url: z.string(),
    /** One `key:value` per line (fact 11). */
    headers: z.string().default(""),
    /** One `key:value` per line (fact 11). */
    params: z.string().default(""),
    authorization: DifyAuthorizationSchema.default({ type: "no-auth" }),
    body: z
      .object({ type: z.enum(DIFY_BODY_TYPES), data: z.array(DifyBodyItemSchema).default([]) })
      .strict()
      .default({ type: "none", data: [] }),
    /** Seconds; 0 or absent: the server's defaults (facts 13–14). */
    timeout: z
      .object({ connect: z.number().optional(), read: z.number().optional(), write: z.number().optional() })
      .strict()
      .default({}),
    /** null or absent: the server's default (true). */
    ssl_verify: z.boolean().nullable().optional(),
    retry_config: DifyRetrySchema.default({ retry_enabled: false, max_retries: 0, retry_interval: 0 }),
    error_strategy: z.enum(["fail-branch", "default-value"]).optional(),
    default_value: z.array(z.record(z.string(), z.unknown())).optional(),
    /**
     * What the app's graph declares the node's variables to hold, by selector (`start.count`: `number`):
     * Start inputs, Code outputs, conversation variables. Not a field of Dify's node: the loader reads it
     * from the other nodes; a variable absent here is of a type the node does not tell.
     */
    variableTypes: z.record(z.string(), z.enum(DIFY_VARIABLE_TYPES)).optional(),
    /** Another node of the app reads the node's `status_code` (an if-else on it): the app handles the status itself. */
    statusRead: z.boolean().optional(),
  })
  .strict();
/** A Dify HTTP Request node: what `DifyHttpRequestConfigSchema` parses. */
export type DifyHttpRequestConfig = z.infer<typeof DifyHttpRequestConfigSchema>;
