/**
 * How deep a JSON value may nest, objects and arrays counted, in a project file or a tool's arguments:
 * at this depth or more it is refused (js-yaml's own limit for YAML, held for JSON too; see parse-bounded).
 */
export const MAX_DEPTH = 100;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, counted over the text without
 * recursion (strings skipped), so a 5,000-deep `[[[…]]]` is refused before anything walks it
 * recursively and overflows the stack.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
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

/**
 * Whether a value nests objects and arrays deeper than `max` (a cycle nests endlessly). Recursive, but
 * never deeper than `max`: a value too deep for JSON.stringify or a recursive walk is told apart safely.
 */
export function valueNestsDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (max <= 0) return true;
  for (const key in value) {
    if (Object.hasOwn(value, key) && valueNestsDeeperThan((value as Record<string, unknown>)[key], max - 1))
      return true;
  }
  return false;
}
