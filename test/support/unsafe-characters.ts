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
