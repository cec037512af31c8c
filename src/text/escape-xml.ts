import { toXmlReferences, toXmlText } from "./safe-text.js";

/**
 * Text made safe inside XML text and attribute values: markup escaped, characters XML 1.0 forbids
 * (a NUL, an escape, a lone surrogate from a server's answer) shown as `\u001b`, so the file stays
 * well-formed whatever a server sent, and newlines and reordering characters as references (`&#xa;`),
 * so a report printed to a CI log starts no line from input.
 */
export function escapeXml(text: string): string {
  return toXmlReferences(
    toXmlText(text)
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;"),
  );
}
