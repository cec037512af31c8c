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
