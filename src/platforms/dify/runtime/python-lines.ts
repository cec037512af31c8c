/** The line boundaries of Python's `str.splitlines()`: `\r\n` and every single-character break. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: Python's line breaks include these control characters.
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

/**
 * Python's `str.splitlines()`: lines split at `\n`, `\r`, `\r\n`, `\v`, `\f`, `\x1c`–`\x1e`, `\x85`,
 * U+2028 and U+2029, with no empty last line for a text that ends in a break. Dify splits header and
 * params text this way (reference/dify-tools.md facts 27–28), so any of them ends a line.
 */
export function pythonSplitLines(text: string): string[] {
  const lines = text.split(LINE_BREAK);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** Python's whitespace (`str.isspace()`): unlike JavaScript's `trim`, it holds `\x1c`–`\x1f` and `\x85`, not U+FEFF. */
const PYTHON_SPACE =
  "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const EDGE_SPACE = new RegExp(`^${PYTHON_SPACE}+|${PYTHON_SPACE}+$`, "g");

/** Python's `str.strip()`. */
export function pythonStrip(text: string): string {
  return text.replace(EDGE_SPACE, "");
}
