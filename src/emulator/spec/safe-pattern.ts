/** Longer patterns are not compiled from a spec: the cost of matching grows with them. */
const MAX_PATTERN_LENGTH = 500;

/**
 * Whether a `pattern` from a spec is safe to run on request data with JavaScript's backtracking
 * RegExp. A quantified group that itself holds a quantifier or an alternation (`(a+)+`, `(a|aa)*`) can
 * take exponential time on a crafted string, stalling the emulator: such patterns, and ones that do
 * not compile, are not checked (docs/spec-emulator.md).
 */
export function isSafePattern(pattern: string): boolean {
  if (pattern.length > MAX_PATTERN_LENGTH) return false;
  try {
    new RegExp(pattern, "u");
  } catch {
    return false;
  }
  return !NESTED_QUANTIFIER.test(stripEscapesAndClasses(pattern));
}

/** A group holding `+`, `*`, `{n,}` or `|`, closed and then quantified. */
const NESTED_QUANTIFIER = /\([^()]*(?:[+*|]|\{\d*,)[^()]*\)\s*(?:[+*]|\{\d*,)/;

/** Escapes and character classes hold no groups or quantifiers: blank them before looking. */
function stripEscapesAndClasses(pattern: string): string {
  return pattern.replace(/\\./g, "_").replace(/\[(?:[^\]\\]|\\.)*\]/g, "_");
}
