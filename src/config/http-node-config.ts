import { z } from "zod";
import { HttpMethodSchema } from "./request-tool-config.js";

/** One row of a Flowise key/value list (headers, query params, form bodies); values may hold `{{…}}`. */
export const KeyValueSchema = z.object({ key: z.string(), value: z.string() }).strict();
export type KeyValue = z.infer<typeof KeyValueSchema>;

/** How the HTTP node encodes its body (reference/flowise-tools.md section 3). */
export const HttpBodyTypeSchema = z.enum(["json", "raw", "formData", "xWwwFormUrlencoded"]);
export type HttpBodyType = z.infer<typeof HttpBodyTypeSchema>;

/** How the HTTP node reads the response into `http.data`. */
export const HttpResponseTypeSchema = z.enum(["json", "text", "arraybuffer", "base64"]);
export type HttpResponseType = z.infer<typeof HttpResponseTypeSchema>;

/**
 * Flowise's three HTTP credentials. Secret values belong in variables (`{{$vars.api_token}}`), never in
 * the config file: they are resolved at call time and redacted from cassettes.
 */
export const HttpCredentialSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("basic"), username: z.string(), password: z.string() }).strict(),
  z.object({ type: z.literal("bearer"), token: z.string() }).strict(),
  /** Sent as the header `key: value` (Flowise's httpApiKey). */
  z.object({ type: z.literal("apiKey"), key: z.string().min(1), value: z.string() }).strict(),
]);
export type HttpCredential = z.infer<typeof HttpCredentialSchema>;

const FORM_TYPES: ReadonlySet<HttpBodyType> = new Set(["formData", "xWwwFormUrlencoded"]);

/**
 * An HTTP node (Flowise Agentflow V2 "Send HTTP Request"): a fixed request run as a flow step, before or
 * after an agent, not by an LLM. A json body may be written as an object; form bodies are key/value lists.
 */
export const HttpNodeConfigSchema = z
  .object({
    kind: z.literal("http"),
    name: z.string().min(1).default("http_request"),
    description: z.string().default("Send an HTTP request"),
    method: HttpMethodSchema.default("GET"),
    url: z.string(),
    headers: z.array(KeyValueSchema).default([]),
    queryParams: z.array(KeyValueSchema).default([]),
    bodyType: HttpBodyTypeSchema.optional(),
    body: z.union([z.string(), z.array(KeyValueSchema), z.record(z.string(), z.unknown())]).optional(),
    responseType: HttpResponseTypeSchema.default("json"),
    credential: HttpCredentialSchema.optional(),
  })
  .strict()
  .superRefine((config, context) => {
    if (config.body === undefined) return;
    const isList = Array.isArray(config.body);
    const bodyType = config.bodyType ?? "json";
    if (FORM_TYPES.has(bodyType) !== isList) {
      context.addIssue({
        code: "custom",
        path: ["body"],
        message: FORM_TYPES.has(bodyType)
          ? `a ${bodyType} body is a list of {key, value}`
          : `a ${bodyType} body is ${bodyType === "json" ? "a JSON string or an object" : "a string"}, not a list`,
      });
    } else if (bodyType === "raw" && typeof config.body !== "string") {
      context.addIssue({ code: "custom", path: ["body"], message: "a raw body is a string" });
    }
  });
/** A Flowise HTTP node as tooldeck runs it (`kind: http`): what `HttpNodeConfigSchema` parses. */
export type HttpNodeConfig = z.infer<typeof HttpNodeConfigSchema>;
