import { randomBytes } from "node:crypto";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** OpenAI's request id (`x-request-id`): `req_` and 32 hex digits. */
export function openAIRequestId(): string {
  return `req_${randomBytes(16).toString("hex")}`;
}

/** Anthropic's request id (`request-id`, and `request_id` in an error): `req_011C` and 20 base58 letters. */
export function anthropicRequestId(): string {
  const letters = [...randomBytes(20)].map((byte) => BASE58[byte % BASE58.length]).join("");
  return `req_011C${letters}`;
}

/**
 * A fresh id for one answer (`chatcmpl-…`, `msg_…`): every turn's message needs its own, or LangGraph's
 * message list takes a later turn for an update of the earlier one and replaces it.
 */
export function answerId(): string {
  return randomBytes(12).toString("hex");
}
