/**
 * Control characters a server's answer may carry into a report: C0 but tab and newline, DEL, and C1
 * (U+009B alone starts a terminal control sequence). Printed raw, `ESC [2J` clears a CI log viewer's
 * screen and `ESC ]0;…` retitles a terminal. A carriage return is kept before a newline only: CRLF
 * bodies stay parseable, while a lone one, which lets a line overwrite what was printed, is shown.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

/**
 * What XML 1.0 forbids outright (C0 but tab, newline, carriage return; U+FFFE, U+FFFF; a surrogate
 * without its pair), and C1 and DEL, which it discourages: one such character makes a JUnit file
 * unreadable for CI.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A character as the visible escape `\u001b`, so the reader still sees that it was there. */
function visible(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** Text safe to print on a terminal: control characters (but tab, newline and CRLF) shown as `\u001b`. */
export function toTerminalText(text: string): string {
  return text.replace(TERMINAL_CONTROL, visible);
}

/** Text that XML 1.0 accepts: forbidden characters shown as `\u0000`, before `escapeXml`. */
export function toXmlText(text: string): string {
  return text.replace(NOT_XML, visible);
}
