import { RE2JS, RE2JSException } from "re2js";

/** Longer patterns are not compiled: matching costs the pattern's length times the text's. */
const MAX_PATTERN_LENGTH = 500;

/**
 * A regular expression from input (a spec's `pattern`, a scenario's `matches`), matched by RE2 (re2js, a
 * pure-JavaScript port): time linear in the text, whatever the pattern. `toString` gives the source.
 */
export interface InputPattern {
  readonly source: string;
  /** Whether the pattern matches anywhere in the text, as `RegExp.prototype.test` does. */
  test(text: string): boolean;
  toString(): string;
}

/**
 * A compiled pattern, or why there is none: `invalid` when it is not a JavaScript regular expression
 * (with the `u` flag, as JSON Schema's validators read one); `unsupported` when it is one that RE2
 * cannot run (lookaround, backreferences, a repeat count over 1,000, more than 500 characters).
 */
export type InputPatternResult =
  | { ok: true; pattern: InputPattern }
  | { ok: false; kind: "invalid" | "unsupported"; reason: string };

/** Results by source: a spec's schemas share a few patterns, each prepared and then compiled by ajv. */
const cache = new Map<string, InputPatternResult>();
const CACHE_SIZE = 1_000;

/**
 * Compiles a pattern from input for RE2, never for JavaScript's backtracking `RegExp`, whose time on a
 * crafted text can be exponential in its length (`((a+))+$`, `(a|aa)*$` on `aaaa…a!`) or a high power of
 * it (`a*a*a*…b`): docs/security.md. JavaScript's meaning is kept where RE2's differs: `.` leaves out
 * every line terminator, and `\s` (outside a character class, and inside one) and `\S` (outside one)
 * are JavaScript's Unicode white space.
 * @example
 * const result = compileInputPattern("^(a+)+$");
 * if (result.ok) result.pattern.test(`${"a".repeat(5_000)}!`); // false, at once
 */
export function compileInputPattern(source: string): InputPatternResult {
  let result = cache.get(source);
  if (!result) {
    result = compile(source);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(source, result);
  }
  return result;
}

function compile(source: string): InputPatternResult {
  try {
    // Parsed, never run: only the syntax is checked.
    new RegExp(source, "u");
  } catch {
    return { ok: false, kind: "invalid", reason: "not a regular expression" };
  }
  if (source.length > MAX_PATTERN_LENGTH)
    return { ok: false, kind: "unsupported", reason: `longer than ${MAX_PATTERN_LENGTH} characters` };
  const rewritten = withJavaScriptMeaning(source);
  if (typeof rewritten !== "string") return { ok: false, kind: "unsupported", reason: rewritten.refused };
  let re2: RE2JS;
  try {
    re2 = RE2JS.compile(RE2JS.translateRegExp(rewritten));
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    return { ok: false, kind: "unsupported", reason: `RE2 cannot run it (${re2Reason(error)})` };
  }
  return {
    ok: true,
    pattern: { source, test: (text) => re2.test(text), toString: () => source },
  };
}

/** RE2's message without its prefix: `invalid or unsupported Perl syntax: \`(?=\``. */
function re2Reason(error: Error): string {
  return error.message.replace(/^error parsing regexp: /, "");
}

/** JavaScript's `\s`: ECMA-262's WhiteSpace and LineTerminator. */
const SPACE = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";
/** What JavaScript's `.` matches without the `s` flag: anything but a line terminator. */
const DOT = "[^\\n\\r\\u2028\\u2029]";

/**
 * The pattern with `.`, `\s` and `\S` spelled as JavaScript means them, for re2js's translation (which
 * keeps the escapes as RE2 reads them), or why RE2 cannot run it: a backreference (`\1`, `\k<name>`),
 * which the translation would turn into a literal, or lookaround, named here rather than by RE2's
 * parser. The pattern is valid with the `u` flag, so every `\` escapes the character after it, and a
 * `[` inside a class is a literal.
 */
function withJavaScriptMeaning(source: string): string | { refused: string } {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i] as string;
    if (char === "\\") {
      const next = source[i + 1] ?? "";
      i++;
      if (/[1-9k]/.test(next)) return { refused: "RE2 cannot run a backreference" };
      if (next === "s") out += inClass ? SPACE : `[${SPACE}]`;
      else if (next === "S" && !inClass) out += `[^${SPACE}]`;
      else out += char + next;
      continue;
    }
    if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "(" && LOOKAROUND.test(source.slice(i, i + 4)))
      return { refused: "RE2 cannot run lookaround" };
    out += !inClass && char === "." ? DOT : char;
  }
  return out;
}

/** `(?=`, `(?!`, `(?<=`, `(?<!` at the start of a text. */
const LOOKAROUND = /^\(\?(?:[=!]|<[=!])/;
