/** How deeply a request body's JSON may nest: far past any real config, far below V8's stack. */
export const MAX_JSON_DEPTH = 256;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, counted over the text without
 * recursion (strings skipped), so a 5,000-deep `[[[…]]]` is refused before anything walks it
 * recursively and overflows the stack.
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/** The message both emulators answer 400 with. */
export const TOO_DEEP_MESSAGE = `JSON nests deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * `JSON.parse` for JSON text carried inside a string field (a multipart part, a `metadata` string),
 * which the body's own depth check reads as one string: text nested deeper than `MAX_JSON_DEPTH` is a
 * `SyntaxError` with `TOO_DEEP_MESSAGE`, before a later recursive walk overflows the stack.
 */
export function parseJsonWithinDepth(text: string): unknown {
  if (nestsDeeperThan(text)) throw new SyntaxError(TOO_DEEP_MESSAGE);
  return JSON.parse(text);
}

/** The first string field holding JSON text nested deeper than `MAX_JSON_DEPTH`, if any. */
export function tooDeepJsonField(fields: Record<string, unknown>): string | undefined {
  return Object.keys(fields).find((key) => {
    const value = fields[key];
    return typeof value === "string" && nestsDeeperThan(value);
  });
}
