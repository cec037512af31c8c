import { pythonFloatRepr } from "./python-text.js";

/**
 * A JSON value as Python's `json.loads` reads it: numbers kept as Python writes them back (an int's
 * digits, any number with a fraction or exponent a float's repr: `1.50` → `1.5`, `1e5` → `100000.0`),
 * objects as ordered maps (a key said twice keeps its first place and its last value).
 */
export type PythonJson = null | boolean | string | PythonNumber | PythonJson[] | Map<string, PythonJson>;
/** A number and the text Python writes for it; `finite` false for `NaN`, `Infinity` and overflows. */
export interface PythonNumber {
  readonly text: string;
  readonly finite: boolean;
}

/** Why a text is not JSON to Python. */
class PythonJsonError extends Error {}

/**
 * Python's `json.loads(text, strict=False)` (reference/dify-tools.md fact 29): JSON, plus raw control
 * characters inside strings and the constants `NaN`, `Infinity`, `-Infinity`. Undefined when it fails.
 * @example
 * parsePythonJson('{"a": "line\nbreak", "n": 1.0}'); // Map { a → "line\nbreak", n → {text: "1.0"} }
 */
export function parsePythonJson(text: string): PythonJson | undefined {
  try {
    const parser = new Parser(text);
    const value = parser.document();
    return value;
  } catch (error) {
    if (error instanceof PythonJsonError) return undefined;
    throw error;
  }
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};
const CONSTANTS: [string, PythonJson][] = [
  ["null", null],
  ["true", true],
  ["false", false],
  ["NaN", { text: "NaN", finite: false }],
  ["Infinity", { text: "Infinity", finite: false }],
  ["-Infinity", { text: "-Infinity", finite: false }],
];

class Parser {
  #at = 0;
  constructor(readonly text: string) {}

  document(): PythonJson {
    const value = this.value();
    this.skipSpace();
    if (this.#at !== this.text.length) throw new PythonJsonError("extra data");
    return value;
  }

  value(): PythonJson {
    this.skipSpace();
    const char = this.text[this.#at];
    if (char === "{") return this.object();
    if (char === "[") return this.array();
    if (char === '"') return this.string();
    for (const [word, value] of CONSTANTS) {
      if (this.text.startsWith(word, this.#at)) {
        this.#at += word.length;
        return value;
      }
    }
    return this.number();
  }

  object(): Map<string, PythonJson> {
    const map = new Map<string, PythonJson>();
    this.#at++;
    this.skipSpace();
    if (this.eat("}")) return map;
    for (;;) {
      this.skipSpace();
      if (this.text[this.#at] !== '"') throw new PythonJsonError("expected a key");
      const key = this.string();
      this.skipSpace();
      if (!this.eat(":")) throw new PythonJsonError("expected ':'");
      map.set(key, this.value());
      this.skipSpace();
      if (this.eat("}")) return map;
      if (!this.eat(",")) throw new PythonJsonError("expected ','");
    }
  }

  array(): PythonJson[] {
    const items: PythonJson[] = [];
    this.#at++;
    this.skipSpace();
    if (this.eat("]")) return items;
    for (;;) {
      items.push(this.value());
      this.skipSpace();
      if (this.eat("]")) return items;
      if (!this.eat(",")) throw new PythonJsonError("expected ','");
    }
  }

  string(): string {
    let out = "";
    this.#at++;
    for (;;) {
      const char = this.text[this.#at++];
      if (char === undefined) throw new PythonJsonError("unterminated string");
      if (char === '"') return out;
      if (char !== "\\") {
        out += char;
        continue;
      }
      const escaped = this.text[this.#at++] ?? "";
      if (escaped === "u") {
        const hex = this.text.slice(this.#at, this.#at + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new PythonJsonError("invalid \\u escape");
        out += String.fromCharCode(Number.parseInt(hex, 16));
        this.#at += 4;
      } else if (Object.hasOwn(ESCAPES, escaped)) out += ESCAPES[escaped];
      else throw new PythonJsonError("invalid escape");
    }
  }

  number(): PythonNumber {
    NUMBER.lastIndex = this.#at;
    const match = NUMBER.exec(this.text);
    if (match === null) throw new PythonJsonError("expecting value");
    this.#at += match[0].length;
    if (match[1] === undefined && match[2] === undefined)
      return { text: BigInt(match[0]).toString(), finite: true };
    const x = Number(match[0]);
    return { text: pythonFloatRepr(x), finite: Number.isFinite(x) };
  }

  skipSpace(): void {
    while (WHITESPACE.has(this.text[this.#at] ?? "")) this.#at++;
  }

  eat(char: string): boolean {
    if (this.text[this.#at] !== char) return false;
    this.#at++;
    return true;
  }
}

/** Whether a value holds a number Python's strict JSON writer refuses (`allow_nan=False`). */
export function holdsNonFinite(value: PythonJson): boolean {
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(holdsNonFinite);
  if (value instanceof Map) return [...value.values()].some(holdsNonFinite);
  return !value.finite;
}

/**
 * The value as httpx 0.28 writes a `json=` body: `json.dumps(value, ensure_ascii=False,
 * separators=(",", ":"), allow_nan=False)`, compact, non-ASCII kept (reference fact 30: the template's
 * spacing is not kept). Call `holdsNonFinite` first: those values have no text here.
 */
export function httpxJsonText(value: PythonJson): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(httpxJsonText).join(",")}]`;
  if (value instanceof Map)
    return `{${[...value].map(([key, item]) => `${JSON.stringify(key)}:${httpxJsonText(item)}`).join(",")}}`;
  return value.text;
}
