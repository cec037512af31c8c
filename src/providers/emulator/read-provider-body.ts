import type { Context } from "hono";
import { readJsonObject } from "../../emulator/read-json-object.js";

/** A model request is at most 32 MB (Anthropic's documented limit for the Messages API). */
export const PROVIDER_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

export type ProviderBodyRead =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; reason: "too-large" | "not-json"; detail?: string };

/** A request body as a JSON object: too large, not JSON (or nested past reason), or the object. */
export async function readProviderBody(c: Context): Promise<ProviderBodyRead> {
  const read = await readJsonObject(c, PROVIDER_BODY_LIMIT_BYTES);
  if (read.ok) return read;
  if (read.reason === "too-large") return { ok: false, reason: "too-large" };
  return {
    ok: false,
    reason: "not-json",
    ...(read.reason === "invalid-json" ? { detail: read.message } : {}),
  };
}
