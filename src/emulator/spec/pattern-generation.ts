import { type AST, RegExpParser } from "@eslint-community/regexpp";
import { compileInputPattern } from "../../text/input-pattern.js";

/**
 * What a generated string whose `pattern` is not generated from holds instead (docs/spec-emulator.md):
 * a pattern whose strings could be too long to make, or one the emulator does not check.
 */
export const PATTERN_PLACEHOLDER = "tooldeck: pattern not generated";

/** The format a generation schema names in place of such a pattern; json-schema-faker is given it. */
export const PLACEHOLDER_FORMAT = "x-tooldeck-pattern-placeholder";

/**
 * The longest string a pattern may make for it to be generated from. json-schema-faker writes out every
 * repeat (`((a{99}){99}){99}` is a string of 970,299 characters, made up to 51 times to meet a
 * `maxLength`; one level more took 10 s and 0.6 GB), and nothing interrupts it once it has started.
 */
export const MAX_GENERATED_PATTERN_LENGTH = 1_000;

/**
 * How many times json-schema-faker repeats `*`, `+` or `{n,}` beyond its minimum (it uses 5); counted
 * higher, so an estimate is never short of what it makes.
 */
const OPEN_REPEAT = 10;

const parser = new RegExpParser();

/** Why a pattern is not generated from, or undefined when it is. */
export function whyNotGenerated(pattern: string): string | undefined {
  const compiled = compileInputPattern(pattern);
  if (!compiled.ok) return "it is not checked";
  const longest = longestMatch(pattern);
  return longest > MAX_GENERATED_PATTERN_LENGTH
    ? `its strings may have ${longest > 1e12 ? "trillions of" : longest.toLocaleString("en")} characters`
    : undefined;
}

/** An upper bound on the length of a string json-schema-faker makes from a pattern (one RE2 runs). */
function longestMatch(pattern: string): number {
  return longestOf(parser.parsePattern(pattern, 0, pattern.length, { unicode: true }).alternatives);
}

function longestOf(alternatives: readonly AST.Alternative[]): number {
  let longest = 0;
  for (const alternative of alternatives) {
    let length = 0;
    for (const element of alternative.elements) length += longestElement(element);
    longest = Math.max(longest, length);
  }
  return longest;
}

function longestElement(element: AST.Element): number {
  switch (element.type) {
    case "Quantifier": {
      const times = element.max === Number.POSITIVE_INFINITY ? element.min + OPEN_REPEAT : element.max;
      return times * longestElement(element.element);
    }
    case "Group":
    case "CapturingGroup":
      return longestOf(element.alternatives);
    // Anchors and word boundaries make nothing; RE2 refuses lookaround and backreferences, so a pattern
    // generated from has none.
    case "Assertion":
    case "Backreference":
      return 0;
    default:
      return 1;
  }
}
