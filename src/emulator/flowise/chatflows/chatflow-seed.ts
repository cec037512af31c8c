import { z } from "zod";
import { type Chatflow, ChatflowSchema, ChatflowTypeSchema } from "./chatflow.js";

/** A chatflow the emulator starts with: the identity and content; dates and workspace are filled in. */
export const ChatflowSeedSchema = ChatflowSchema.partial().extend({
  id: z.string(),
  name: z.string(),
  flowData: z.string(),
  type: ChatflowTypeSchema,
});

export type ChatflowSeed = z.infer<typeof ChatflowSeedSchema>;

/** The full entity of a seeded chatflow, created and updated at `at`. */
export function chatflowFromSeed(seed: ChatflowSeed, workspaceId: string, at: string): Chatflow {
  return {
    id: seed.id,
    name: seed.name,
    flowData: seed.flowData,
    deployed: seed.deployed ?? null,
    isPublic: seed.isPublic ?? null,
    apikeyid: seed.apikeyid ?? null,
    chatbotConfig: seed.chatbotConfig ?? null,
    apiConfig: seed.apiConfig ?? null,
    analytic: seed.analytic ?? null,
    speechToText: seed.speechToText ?? null,
    textToSpeech: seed.textToSpeech ?? null,
    followUpPrompts: seed.followUpPrompts ?? null,
    category: seed.category ?? null,
    type: seed.type,
    createdDate: seed.createdDate ?? at,
    updatedDate: seed.updatedDate ?? at,
    mcpServerConfig: seed.mcpServerConfig ?? null,
    webhookSecretConfigured: false,
    workspaceId,
  };
}
