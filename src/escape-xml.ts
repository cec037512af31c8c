import { toXmlText } from "./safe-text.js";

/**
 * Text made safe inside XML text and attribute values: markup escaped, and characters XML 1.0 forbids
 * (a NUL, an escape, a lone surrogate from a server's answer) shown as `\u001b`, so the file stays
 * well-formed whatever a server sent.
 */
export function escapeXml(text: string): string {
  return toXmlText(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
