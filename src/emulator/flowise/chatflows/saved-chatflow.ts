import type { Chatflow } from "./chatflow.js";

/**
 * A chatflow as `POST` and `PUT /chatflows` answer it in Flowise 3.1.4: every column, unset ones null,
 * plus the secret column the reads leave out, `webhookSecret: null` (next to `webhookSecretConfigured`;
 * the position is ours, JSON readers do not see it).
 */
export function savedChatflowView(chatflow: Chatflow) {
  const { webhookSecretConfigured, workspaceId, ...columns } = chatflow;
  return { ...columns, webhookSecret: null, webhookSecretConfigured, workspaceId };
}
