/**
 * Where the JavaScript of a `{{ … }}` ends: the `}}` after it, found by reading tokens the way acorn
 * does (strings, template literals and their `${ }`, comments, regular expressions, brackets), so a
 * `}}` inside a string or an object literal does not end it. `found: false` when no `}}` ends it (an
 * unclosed string, comment or bracket, a stray closing one), with how far the reading went.
 */
export type CodeEnd = { found: true; end: number } | { found: false; reached: number };

type Context = "code" | "template" | "substitution";

/** A name or number, a run of operator characters, or any one other character. */
const WORD = /[\p{ID_Continue}$\\]+|[^\s\w$'"`/()[\]{}\\]+|./uy;
const NAME_START = /^[\p{ID_Continue}$\\]/u;
const SPACE = /\s/;

/** Keywords after which a `/` starts a regular expression, as after an operator. */
const BEFORE_EXPRESSION = new Set([
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "return",
  "yield",
  "await",
  "case",
  "do",
  "else",
  "throw",
]);

/**
 * Reads from `start` (just after `{{`) to the first `}}` outside every bracket, string and comment:
 * linear in the characters read, each read once.
 * @example
 * findCodeEnd("{{ $fromAI('a }} b') }} x", 2); // { found: true, end: 20 }
 */
export function findCodeEnd(text: string, start: number): CodeEnd {
  const reader = new CodeReader(text, start);
  return reader.read();
}

class CodeReader {
  readonly #text: string;
  #index: number;
  /** Open brackets and template literals, innermost last: `(`, `[`, `{`, `` ` `` or `${`. */
  readonly #stack: string[] = [];
  /** Whether a `/` here would start a regular expression (after an operator or at the start). */
  #expressionNext = true;

  constructor(text: string, start: number) {
    this.#text = text;
    this.#index = start;
  }

  read(): CodeEnd {
    const text = this.#text;
    while (this.#index < text.length) {
      const context = this.#context();
      const ok = context === "template" ? this.#templateText() : this.#token();
      if (ok === "end") return { found: true, end: this.#index };
      if (!ok) return { found: false, reached: Math.min(this.#index, text.length) };
    }
    return { found: false, reached: text.length };
  }

  #context(): Context {
    const top = this.#stack[this.#stack.length - 1];
    if (top === "`") return "template";
    return top === "${" ? "substitution" : "code";
  }

  /** One token of code; "end" at the closing `}}`, false when the code cannot go on. */
  #token(): boolean | "end" {
    const text = this.#text;
    const char = text[this.#index] as string;
    if (SPACE.test(char)) {
      this.#index++;
      return true;
    }
    if (char === "/" && text[this.#index + 1] === "/") return this.#lineComment();
    if (char === "/" && text[this.#index + 1] === "*") return this.#blockComment();
    if (char === "'" || char === '"') return this.#string(char);
    if (char === "`") {
      this.#stack.push("`");
      this.#index++;
      return true;
    }
    if (char === "/" && this.#expressionNext) return this.#regExp();
    if ("([{".includes(char)) return this.#open(char);
    if (")]}".includes(char)) return this.#close(char);
    return this.#word();
  }

  #open(char: string): boolean {
    this.#stack.push(char);
    this.#index++;
    this.#expressionNext = true;
    return true;
  }

  #close(char: string): boolean | "end" {
    const top = this.#stack[this.#stack.length - 1];
    if (top === undefined) return char === "}" && this.#text[this.#index + 1] === "}" ? "end" : false;
    const opener = char === ")" ? "(" : char === "]" ? "[" : "{";
    if (top !== opener && !(char === "}" && top === "${")) return false;
    this.#stack.pop();
    this.#index++;
    // After `)` `]` `}` a `/` divides; a substitution's `}` goes back to the template's text.
    this.#expressionNext = false;
    return true;
  }

  /** Identifiers, numbers and operators: a `/` after a name or number divides, after an operator not. */
  #word(): boolean {
    const text = this.#text;
    WORD.lastIndex = this.#index;
    const word = (WORD.exec(text) as RegExpExecArray)[0];
    this.#index += word.length;
    const isName = NAME_START.test(word);
    this.#expressionNext = isName ? BEFORE_EXPRESSION.has(word) : true;
    return true;
  }

  #lineComment(): boolean {
    const text = this.#text;
    let index = this.#index + 2;
    while (index < text.length && !isLineBreak(text[index] as string)) index++;
    this.#index = index;
    return true;
  }

  #blockComment(): boolean {
    const close = this.#text.indexOf("*/", this.#index + 2);
    if (close < 0) {
      this.#index = this.#text.length;
      return false;
    }
    this.#index = close + 2;
    return true;
  }

  /** A quoted string: escapes skip a character; a line break ends it unclosed, as in JavaScript. */
  #string(quote: string): boolean {
    const text = this.#text;
    for (let index = this.#index + 1; index < text.length; index++) {
      const char = text[index] as string;
      if (char === "\\") index++;
      else if (char === quote) {
        this.#index = index + 1;
        this.#expressionNext = false;
        return true;
      } else if (char === "\n" || char === "\r") {
        this.#index = index;
        return false;
      }
    }
    this.#index = text.length;
    return false;
  }

  /** A regular expression literal: `/` inside a `[…]` class does not end it. */
  #regExp(): boolean {
    const text = this.#text;
    let inClass = false;
    for (let index = this.#index + 1; index < text.length; index++) {
      const char = text[index] as string;
      if (char === "\\") index++;
      else if (isLineBreak(char)) {
        this.#index = index;
        return false;
      } else if (char === "[") inClass = true;
      else if (char === "]") inClass = false;
      else if (char === "/" && !inClass) {
        this.#index = index + 1;
        this.#expressionNext = false;
        return true;
      }
    }
    this.#index = text.length;
    return false;
  }

  /** A template literal's text up to its end or a `${`. */
  #templateText(): boolean {
    const text = this.#text;
    for (let index = this.#index; index < text.length; index++) {
      const char = text[index] as string;
      if (char === "\\") index++;
      else if (char === "`") {
        this.#stack.pop();
        this.#index = index + 1;
        this.#expressionNext = false;
        return true;
      } else if (char === "$" && text[index + 1] === "{") {
        this.#stack.push("${");
        this.#index = index + 2;
        this.#expressionNext = true;
        return true;
      }
    }
    this.#index = text.length;
    return false;
  }
}

function isLineBreak(char: string): boolean {
  return char === "\n" || char === "\r" || char === "\u2028" || char === "\u2029";
}
