/**
 * Characters that make a text read unlike what it is: the bidirectional controls of Trojan Source
 * (CVE-2021-42574: U+202A–U+202E, U+2066–U+2069; U+202E shows `exe.txt` for `txt.exe`), the invisible
 * direction marks (U+200E, U+200F, U+061C), and the Unicode line and paragraph separators (U+2028,
 * U+2029), which some viewers break lines on.
 */
const REORDERING = "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u2028\\u2029";

/**
 * Control characters a server's answer or a config may carry into a report: C0 but tab and newline,
 * DEL, and C1 (U+009B alone starts a terminal control sequence), and the reordering characters above.
 * Printed raw, `ESC [2J` clears a CI log viewer's screen and `ESC ]0;…` retitles a terminal. A carriage
 * return is kept before a newline only: CRLF bodies stay parseable, while a lone one, which lets a line
 * overwrite what was printed, is shown.
 */
const TERMINAL_CONTROL = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${REORDERING}]|\\r(?!\\n)`,
  "g",
);

/** The same in one line of text, where a newline or carriage return would start a line of its own. */
const LINE_CONTROL = new RegExp(`[\\u0000-\\u0008\\u000a-\\u001f\\u007f-\\u009f${REORDERING}]`, "g");

/** What JSON.stringify leaves raw that a terminal or a reader would take for something else: DEL, C1, reordering. */
const JSON_RAW_CONTROL = new RegExp(`[\\u007f-\\u009f${REORDERING}]`, "g");

/** What `toXmlReferences` writes as a reference. */
const XML_LINE_OR_REORDERING = new RegExp(`[\\n\\r${REORDERING}]`, "g");

/**
 * What XML 1.0 forbids outright (C0 but tab, newline, carriage return; U+FFFE, U+FFFF; a surrogate
 * without its pair), and C1 and DEL, which it discourages: one such character makes a JUnit file
 * unreadable for CI.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A GitHub Actions workflow command in a log line, which the runner obeys (`::add-mask::`,
 * `::error file=…::`): `::` first on a line after blanks (the runner trims them), or `##[` anywhere
 * (its older syntax, found at any place in a line). The `:` or `#` that makes one is shown escaped.
 */
const COMMAND_START = /^(\s*):(?=:)/gm;
const OLD_COMMAND = /#(?=#\[)/g;

/** A character as the visible escape `\u001b`, so the reader still sees that it was there. */
function visible(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

function noCommands(text: string): string {
  return text.replace(COMMAND_START, "$1\\u003a").replace(OLD_COMMAND, "\\u0023");
}

/**
 * A block of text (a server's answer, an agent's output) safe to print on a terminal or in a CI log:
 * control and reordering characters shown as `\u001b` (tabs, newlines and CRLF kept), and no line that
 * GitHub Actions would take for a workflow command.
 */
export function toTerminalText(text: string): string {
  return noCommands(showControlCharacters(text));
}

/**
 * A block of text with its control and reordering characters shown as `\u001b` (tabs, newlines and CRLF
 * kept): what a page shows of a server's answer, where a `\u202e` would otherwise turn the text around.
 */
export function showControlCharacters(text: string): string {
  return text.replace(TERMINAL_CONTROL, visible);
}

/**
 * One line of text from input (a name, a description, a finding, an error) safe to print: as
 * `toTerminalText`, and its newlines and carriage returns shown as `\n` and `\r`, so it stays one line
 * and cannot start another (`…\n::error file=x::pwned`).
 */
export function toLineText(text: string): string {
  const oneLine = text.replace(LINE_CONTROL, (character) =>
    character === "\n" ? "\\n" : character === "\r" ? "\\r" : visible(character),
  );
  return noCommands(oneLine);
}

/**
 * JSON text (a report, a listing) safe to print: DEL, C1, the reordering characters and the `#` of a
 * `##[` written as JSON escapes (`\u009b`, `\u202e`, `\u0023`), so the value read back is the same.
 * JSON.stringify escapes newlines and C0 itself, and a JSON line never starts with `::`.
 */
export function toJsonText(json: string): string {
  return json.replace(JSON_RAW_CONTROL, visible).replace(OLD_COMMAND, "\\u0023");
}

/** Text that XML 1.0 accepts: forbidden characters shown as `\u0000`, before `escapeXml`. */
export function toXmlText(text: string): string {
  return text.replace(NOT_XML, visible);
}

/**
 * Escaped text as XML references (`&#10;`, `&#x202e;`, `&#35;`): newlines, carriage returns, the
 * reordering characters and the `#` of a `##[`, so a JUnit file printed to a CI log starts no line
 * of its own and reads back the same.
 */
export function toXmlReferences(escaped: string): string {
  return escaped
    .replace(XML_LINE_OR_REORDERING, (character) => `&#x${character.charCodeAt(0).toString(16)};`)
    .replace(OLD_COMMAND, "&#35;");
}
