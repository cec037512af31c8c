import { fromAiSpans } from "./from-ai-spans.js";

/** The types `$fromAI` accepts as its third argument (any case). */
export const FROM_AI_TYPES = ["string", "number", "boolean", "json"] as const;
export type FromAiType = (typeof FROM_AI_TYPES)[number];

/** One `$fromAI(key, description?, type?, default?)` call as n8n reads it to build the tool's schema. */
export interface FromAiCall {
  key: string;
  description?: string;
  type: FromAiType;
  /** The 4th argument, parsed for the type (`'5'` → 5 for a number); absent when not written. */
  defaultValue?: unknown;
}

export type FromAiScan = { ok: true; calls: FromAiCall[] } | { ok: false; message: string };

/** A key n8n accepts (reference fact 12). */
export const FROM_AI_KEY = /^[a-zA-Z0-9_-]{1,64}$/;

const QUOTES = new Set(["'", '"', "`"]);
const BACKSLASH = 0x5c;
/**
 * Longer parts than these (spaces around left out) cannot be a valid key or type: 64 key characters,
 * each escaped, in quotes that are escaped too; `'boolean'` likewise.
 */
const KEY_PART_LIMIT = 140;
const TYPE_PART_LIMIT = 24;

/**
 * Every `$fromAI(…)` call in a text, as n8n 2.41 finds them to build a tool's schema: a text scan, not
 * an evaluation, so calls count wherever they are, in a parameter that is not an expression too
 * (reference fact 6), and `$fromai` as well (fact 11). Arguments are split at commas outside quotes;
 * quotes and backslashes are removed, commas kept (fact 8). A call n8n cannot read fails with n8n's
 * message (`n8n-workflow`'s from-ai-parse-utils). Linear in the text, nested calls included: a key too
 * long to be valid is cut (`…`), and a call whose key n8n refuses keeps no description or default,
 * which n8n never reads past the key.
 * @example
 * scanFromAiCalls("={{ $fromAI('id', 'The item id', 'number', 5) }}");
 * // { ok: true, calls: [{ key: "id", description: "The item id", type: "number", defaultValue: 5 }] }
 */
export function scanFromAiCalls(text: string): FromAiScan {
  if (text.length < REMEMBERED_LENGTH) return scan(text);
  let result = remembered.get(text);
  if (result === undefined) {
    result = freeze(scan(text));
    if (remembered.size >= REMEMBERED_TEXTS) remembered.delete(remembered.keys().next().value as string);
    remembered.set(text, result);
  }
  return result;
}

/**
 * Long texts' scans, kept: loading, each rule and the runtime read the same parameters, and a long one
 * is worth reading once. Frozen, since every caller shares them.
 */
const remembered = new Map<string, FromAiScan>();
const REMEMBERED_LENGTH = 4096;
const REMEMBERED_TEXTS = 16;

function freeze(result: FromAiScan): FromAiScan {
  if (result.ok) for (const call of result.calls) Object.freeze(call);
  return Object.freeze(result.ok ? { ok: true, calls: Object.freeze(result.calls) as FromAiCall[] } : result);
}

function scan(text: string): FromAiScan {
  const calls: FromAiCall[] = [];
  const parts = new PartReader(text);
  for (const span of fromAiSpans(text)) {
    if (span.end === undefined) {
      return {
        ok: false,
        message: `Unbalanced parentheses while parsing $fromAI call: ${text.slice(span.start)}`,
      };
    }
    const call = readCall(parts, partBounds(text, span.start, span.end, span.commas));
    if (typeof call === "string") {
      const inside = text.slice(span.start, span.end);
      return { ok: false, message: `Failed to parse $fromAI arguments: ${inside}: Error: ${call}` };
    }
    calls.push(call);
  }
  return { ok: true, calls };
}

type Bounds = readonly [number, number];

/** The first four arguments' bounds; n8n keeps a last one only when something is left of it. */
function partBounds(text: string, start: number, end: number, commas: readonly number[]): Bounds[] {
  const bounds: Bounds[] = [];
  let from = start;
  for (const comma of commas) {
    bounds.push([from, comma]);
    from = comma + 1;
  }
  const empty = from === end || (end - from === 1 && text[from] === "\\");
  if (commas.length < 4 && !empty) bounds.push([from, end]);
  return bounds;
}

/** The call the arguments describe, or why n8n refuses it. */
function readCall(parts: PartReader, bounds: readonly Bounds[]): FromAiCall | string {
  const typeBounds = bounds[2];
  const rawType = typeBounds === undefined ? "string" : parts.read(typeBounds, TYPE_PART_LIMIT);
  const type = rawType.toLowerCase();
  if (!isFromAiType(type)) return `Invalid type: ${typeBounds ? parts.read(typeBounds) : rawType}`;
  const key = bounds[0] === undefined ? "" : parts.read(bounds[0], KEY_PART_LIMIT);
  const call: FromAiCall = { key, type };
  if (!FROM_AI_KEY.test(key)) return call;
  if (bounds[1] !== undefined) call.description = parts.read(bounds[1]);
  if (bounds[3] !== undefined) call.defaultValue = parseDefault(parts.read(bounds[3]), type);
  return call;
}

/** One argument's text as n8n splits it: trimmed, a `\` dropped and the character after it kept, unquoted. */
class PartReader {
  readonly #text: string;
  /** Trims by position, remembered (plus one; 0 unknown): many nested calls' parts can end at one comma. */
  #firstKept: Int32Array | undefined;
  #lastKept: Int32Array | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  /** The part, or its first `limit` characters and `…` when longer (never a valid key or type then). */
  read([from, to]: Bounds, limit = Number.POSITIVE_INFINITY): string {
    const first = this.#first(from, to);
    const last = this.#last(first, to);
    if (last - first > limit) return `${unescaped(this.#text, first, first + limit)}…`;
    return unquote(unescaped(this.#text, first, last).trim());
  }

  #first(from: number, to: number): number {
    this.#firstKept ??= new Int32Array(this.#text.length + 1);
    let first = (this.#firstKept[from] as number) - 1;
    if (first < 0) {
      first = from;
      while (first < this.#text.length && isSpace(this.#text.charCodeAt(first))) first++;
      this.#firstKept[from] = first + 1;
    }
    return Math.min(first, to);
  }

  #last(first: number, to: number): number {
    this.#lastKept ??= new Int32Array(this.#text.length + 1);
    let last = (this.#lastKept[to] as number) - 1;
    if (last < 0) {
      last = to;
      while (last > 0 && isSpace(this.#text.charCodeAt(last - 1))) last--;
      this.#lastKept[to] = last + 1;
    }
    return Math.max(last, first);
  }
}

/** The characters from `from` to `to` with each escaping `\\` dropped (one at the very end escapes nothing). */
function unescaped(text: string, from: number, to: number): string {
  let out = "";
  let kept = from;
  for (let index = from; index < to; index++) {
    if (text.charCodeAt(index) !== BACKSLASH) continue;
    out += text.slice(kept, index);
    kept = ++index;
  }
  return out + text.slice(Math.min(kept, to), to);
}

/** What JavaScript's `trim` removes. */
function isSpace(code: number): boolean {
  return (
    (code >= 9 && code <= 13) ||
    code === 32 ||
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function unquote(part: string): string {
  const quote = part[0];
  const quoted = quote !== undefined && QUOTES.has(quote) && part.endsWith(quote);
  if (!quoted) return part;
  const inner = part.slice(1, -1);
  if (!inner.includes("\\")) return inner;
  return inner.replace(/\\'/g, "'").replace(/\\`/g, "`").replace(/\\"/g, '"').replace(/\\\\/g, "\\");
}

function isFromAiType(type: string): type is FromAiType {
  return (FROM_AI_TYPES as readonly string[]).includes(type);
}

/** The default as n8n types it for the schema: a number or boolean when it reads as one, else JSON, else text. */
function parseDefault(value: string, type: FromAiType): unknown {
  if (type === "string") return value;
  const lower = value.toLowerCase();
  if (type === "boolean" && (lower === "true" || lower === "false")) return lower === "true";
  if (type === "number" && !Number.isNaN(Number(value))) return Number(value);
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
