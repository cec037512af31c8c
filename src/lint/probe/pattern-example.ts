import { type AST, RegExpParser } from "@eslint-community/regexpp";
import { compileInputPattern } from "../../text/input-pattern.js";

/** Past this a pattern's shortest string is not written out: a probe argument is a short value. */
const MAX_LENGTH = 1_000;

/** Characters tried, in order, for a class or set whose own first character is not known. */
const CANDIDATES = ["a", "A", "0", "1", "_", "-", " ", ".", "x", "é", "@", "/"];

const parser = new RegExpParser();

/**
 * A short string that a JSON Schema `pattern` matches, for a probe argument the tool's schema constrains:
 * every repeat at its minimum (`stretch` more where a repeat allows more, for a `minLength`), every
 * alternation's shortest branch, each class's first character. Built from the pattern's syntax, never by
 * running it, and checked with RE2 (`compileInputPattern`): undefined for a pattern RE2 cannot run, one
 * whose shortest string is longer than 1,000 characters, or one this cannot satisfy (`\b`, a class that
 * takes none of the tried characters).
 * @example
 * patternExample("^[A-Z]{3}-\\d+$"); // "AAA-0"
 */
export function patternExample(pattern: string, stretch = 0): string | undefined {
  const compiled = compileInputPattern(pattern);
  if (!compiled.ok) return undefined;
  let made: string | undefined;
  try {
    const parsed = parser.parsePattern(pattern, 0, pattern.length, { unicode: true });
    made = alternatives(parsed.alternatives, stretch);
  } catch {
    return undefined;
  }
  return made !== undefined && compiled.pattern.test(made) ? made : undefined;
}

function alternatives(branches: readonly AST.Alternative[], stretch: number): string | undefined {
  let shortest: string | undefined;
  for (const branch of branches) {
    const made = sequence(branch.elements, stretch);
    if (made !== undefined && (shortest === undefined || made.length < shortest.length)) shortest = made;
  }
  return shortest;
}

function sequence(elements: readonly AST.Element[], stretch: number): string | undefined {
  let text = "";
  for (const element of elements) {
    const made = elementExample(element, stretch);
    if (made === undefined) return undefined;
    text += made;
    if (text.length > MAX_LENGTH) return undefined;
  }
  return text;
}

function elementExample(element: AST.Element, stretch: number): string | undefined {
  switch (element.type) {
    case "Character":
      return String.fromCodePoint(element.value);
    case "CharacterClass":
    case "CharacterSet":
    case "ExpressionCharacterClass":
      return oneCharacter(element.raw, firstOf(element));
    case "Quantifier":
      return repeated(element, stretch);
    case "Group":
    case "CapturingGroup":
      return alternatives(element.alternatives, stretch);
    case "Assertion":
      // `^` and `$` make nothing; a word boundary or lookaround is left to the RE2 check after.
      return "";
    default:
      return undefined;
  }
}

function repeated(quantifier: AST.Quantifier, stretch: number): string | undefined {
  const times = Math.min(quantifier.max, quantifier.min + stretch);
  if (times === 0) return "";
  const one = elementExample(quantifier.element, stretch);
  if (one === undefined || one.length * times > MAX_LENGTH) return undefined;
  return one.repeat(times);
}

/** A non-negated class's own first character (`[x-z]` → `x`), tried before the others. */
function firstOf(element: AST.CharacterClass | AST.CharacterSet | AST.ExpressionCharacterClass) {
  if (element.type !== "CharacterClass" || element.negate) return undefined;
  const first = element.elements[0];
  if (first?.type === "Character") return String.fromCodePoint(first.value);
  if (first?.type === "CharacterClassRange") return String.fromCodePoint(first.min.value);
  return undefined;
}

function oneCharacter(raw: string, own: string | undefined): string | undefined {
  const compiled = compileInputPattern(`^(?:${raw})$`);
  if (!compiled.ok) return undefined;
  return [...(own === undefined ? [] : [own]), ...CANDIDATES].find((c) => compiled.pattern.test(c));
}
