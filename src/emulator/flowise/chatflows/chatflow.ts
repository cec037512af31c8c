import { z } from "zod";

/** The chatflow types Flowise 3.1 accepts. */
export const CHATFLOW_TYPES = ["CHATFLOW", "AGENTFLOW", "MULTIAGENT", "ASSISTANT"] as const;
export const ChatflowTypeSchema = z.enum(CHATFLOW_TYPES);
export type ChatflowType = z.infer<typeof ChatflowTypeSchema>;

const nullableText = z.string().nullable();

/**
 * A chatflow as Flowise 3.1 returns it: every column, unset nullable ones as null, in the entity's
 * column order (reference/flowise-api.md, "Chatflows").
 */
export const ChatflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Serialized JSON, normally `{"nodes":[…],"edges":[…]}`. */
  flowData: z.string(),
  deployed: z.boolean().nullable(),
  isPublic: z.boolean().nullable(),
  /** The id of the API key this flow is bound to (`GET /chatflows/apikey/:key`). */
  apikeyid: nullableText,
  chatbotConfig: nullableText,
  apiConfig: nullableText,
  analytic: nullableText,
  speechToText: nullableText,
  textToSpeech: nullableText,
  followUpPrompts: nullableText,
  /** Categories joined with `;`. */
  category: nullableText,
  type: ChatflowTypeSchema,
  createdDate: z.string(),
  updatedDate: z.string(),
  mcpServerConfig: nullableText,
  webhookSecretConfigured: z.boolean(),
  workspaceId: z.string(),
});

export type Chatflow = z.infer<typeof ChatflowSchema>;

/** The text columns a request body may set. */
export const CHATFLOW_TEXT_FIELDS = [
  "name",
  "flowData",
  "apikeyid",
  "chatbotConfig",
  "apiConfig",
  "analytic",
  "speechToText",
  "textToSpeech",
  "followUpPrompts",
  "category",
  "mcpServerConfig",
] as const;

/** The boolean columns a request body may set. */
export const CHATFLOW_BOOLEAN_FIELDS = ["deployed", "isPublic"] as const;
