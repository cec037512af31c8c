import { createHash } from "node:crypto";

/** The sha256 of a text (as UTF-8) or of bytes, in lowercase hex: what `pins` hold. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}
