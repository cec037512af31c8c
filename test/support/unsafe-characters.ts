/**
 * The characters of a text a terminal would obey (C0 but tab, newline and a CR before a newline; DEL;
 * C1), as code points: written as a loop, not as the regular expression under test.
 */
export function terminalControls(text: string): number[] {
  const characters = [...text];
  return characters
    .map((character, index) => ({ code: character.codePointAt(0) ?? 0, next: characters[index + 1] }))
    .filter(({ code, next }) => {
      const crlf = code === 0x0d && next === "\n";
      return (code < 0x20 && code !== 0x09 && code !== 0x0a && !crlf) || (code >= 0x7f && code <= 0x9f);
    })
    .map(({ code }) => code);
}

/** The code units XML 1.0 forbids: C0 but tab, newline and return; U+FFFE, U+FFFF; lone surrogates. */
export function xmlForbidden(text: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    const high = code >= 0xd800 && code <= 0xdbff;
    if (high && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    const control = code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
    if (control || high || (code >= 0xdc00 && code <= 0xdfff) || code === 0xfffe || code === 0xffff)
      found.push(code);
  }
  return found;
}

/**
 * The lines a GitHub Actions runner would obey as workflow commands: split as it reads lines (LF, CR,
 * CRLF), a line whose first non-blank characters are `::`, or one holding `##[` anywhere (the older
 * syntax), as actions/runner's ActionCommand parses them.
 */
export function workflowCommandLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trimStart().startsWith("::") || line.includes("##["));
}

/** Bidirectional controls, direction marks and the Unicode line and paragraph separators, listed one by one. */
const REORDERING_CODES = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x2028,
  0x2029,
]);

/** The characters of a text that reorder or break how it reads, as code points. */
export function reorderingCharacters(text: string): number[] {
  return [...text]
    .map((character) => character.codePointAt(0) ?? 0)
    .filter((code) => REORDERING_CODES.has(code));
}
