/** Longer patterns are not compiled from a spec: the cost of matching grows with them. */
const MAX_PATTERN_LENGTH = 500;

/**
 * Whether a `pattern` from a spec is safe to run on data with JavaScript's backtracking RegExp. A
 * quantified group that itself holds a quantifier or an alternation (`(a+)+`, `(a|aa)*`) can take
 * exponential time on a crafted string (a request to the spec emulator, a model's arguments, an
 * answer a probe checks), stalling the run: such patterns, and ones that do not compile, are never
 * run (docs/security.md).
 */
export function isSafePattern(pattern: string): boolean {
  if (mayBacktrack(pattern)) return false;
  try {
    new RegExp(pattern, "u");
  } catch {
    return false;
  }
  return true;
}

/** Whether a pattern is too long, or holds a quantified group that holds a quantifier or an alternation. */
export function mayBacktrack(pattern: string): boolean {
  return pattern.length > MAX_PATTERN_LENGTH || NESTED_QUANTIFIER.test(stripEscapesAndClasses(pattern));
}

/** A group holding `+`, `*`, `{n,}` or `|`, closed and then quantified. */
const NESTED_QUANTIFIER = /\([^()]*(?:[+*|]|\{\d*,)[^()]*\)\s*(?:[+*]|\{\d*,)/;

/** Escapes and character classes hold no groups or quantifiers: blank them before looking. */
function stripEscapesAndClasses(pattern: string): string {
  return pattern.replace(/\\./g, "_").replace(/\[(?:[^\]\\]|\\.)*\]/g, "_");
}
