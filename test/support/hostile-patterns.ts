/**
 * Patterns a pull request's spec or scenario can carry, each of which JavaScript's backtracking RegExp
 * takes exponential (or tenth-power) time on against `craftedText`, and whether that text matches.
 */
export const BACKTRACKING_PATTERNS: readonly { pattern: string; matches: boolean }[] = [
  { pattern: "((a+))+$", matches: false },
  { pattern: "(a+){12}$", matches: false },
  { pattern: "a*a*a*a*a*a*a*a*a*a*a*b", matches: false },
  { pattern: "(a|aa)*$", matches: true },
  { pattern: "^(a+)+$", matches: false },
];

/** Lengths of crafted text: seconds for the shortest under RegExp, longer than any CI job for the rest. */
export const CRAFTED_LENGTHS = [30, 1_000, 5_000] as const;

/** `aaaa…a!`, the text that makes those patterns backtrack: `length` a's and a `!`. */
export function craftedText(length: number): string {
  return `${"a".repeat(length)}!`;
}

/** Each pattern with each crafted length, for `test.each`. */
export const HOSTILE_CASES = BACKTRACKING_PATTERNS.flatMap(({ pattern, matches }) =>
  CRAFTED_LENGTHS.map((length) => ({ pattern, matches, length })),
);
