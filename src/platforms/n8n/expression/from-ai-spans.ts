/**
 * Where one `$fromAI(` call lies in a text, as n8n's scan reads it from that call's own start: its
 * arguments start after `$fromAI(` and its spaces, end at the `)` that closes it (undefined when none
 * does), and the first four commas that split them.
 */
export interface FromAiSpan {
  start: number;
  end: number | undefined;
  commas: number[];
}

/** n8n's `/\$fromAI\s*\(\s*\/gi`, tried after each `$` (a search with no match object to make per call). */
const AFTER_DOLLAR = /fromAI\s*\(\s*/iy;
/** The arguments n8n reads: key, description, type, default. Commas after the fourth part change nothing. */
const PARTS = 4;

/**
 * Every `$fromAI(` call's span in one pass over the text. n8n scans each call afresh from its start
 * (`n8n-workflow`'s from-ai-parse-utils: one scan to find the closing `)`, quotes and `\` in quotes
 * skipped; one to split at commas outside quotes, `\` escaping anywhere), which makes nested calls
 * quadratic. Both scans are small automata: calls that are in the same state at a position go on
 * alike, their depths and comma counts shifted by a constant, so the calls are kept in groups by state
 * (at most 7 and 8 of them) and each character is read once per group.
 */
export function fromAiSpans(text: string): FromAiSpan[] {
  const spans = callStarts(text).map((start): FromAiSpan => ({ start, end: undefined, commas: [] }));
  const closing = new ClosingScan(spans);
  const commas = new CommaScan(spans);
  let next = 0;
  for (let index = 0; index < text.length; index++) {
    if (!closing.active()) {
      // Every call so far is closed: nothing to read until the next one starts.
      if (next >= spans.length) break;
      commas.clear();
      index = (spans[next] as FromAiSpan).start;
      if (index >= text.length) break;
    }
    while (next < spans.length && (spans[next] as FromAiSpan).start === index) {
      closing.join(next);
      commas.join(next);
      next++;
    }
    const char = text.charCodeAt(index);
    closing.step(char, index);
    commas.step(char, index);
  }
  return spans;
}

/** Where each call's arguments start, the search going on after each call's `(` as n8n's does. */
function callStarts(text: string): number[] {
  const starts: number[] = [];
  for (let dollar = text.indexOf("$"); dollar >= 0; dollar = text.indexOf("$", dollar + 1)) {
    AFTER_DOLLAR.lastIndex = dollar + 1;
    if (!AFTER_DOLLAR.test(text)) continue;
    starts.push(AFTER_DOLLAR.lastIndex);
    dollar = AFTER_DOLLAR.lastIndex - 1;
  }
  return starts;
}

/** Calls in one state of a scan: the group's depth and, by the depth at which they close, the calls. */
interface DepthGroup {
  state: number;
  depth: number;
  closesAt: Map<number, number[]>;
  size: number;
}

const OPEN = 0x28;
const CLOSE = 0x29;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;

/** 1–3 for `'`, `"` and `` ` ``, else 0. */
function quoteState(char: number): number {
  if (char === 0x27) return 1;
  if (char === 0x22) return 2;
  return char === 0x60 ? 3 : 0;
}
/** States of the closing scan: 0 outside quotes, 1–3 in a quote, 4–6 the character after `\` in one. */
const ESCAPED = 3;

/** n8n's scan for the `)` that closes a call: `(` and `)` counted outside quotes only. */
class ClosingScan {
  #groups: DepthGroup[] = [];
  readonly #spans: FromAiSpan[];

  constructor(spans: FromAiSpan[]) {
    this.#spans = spans;
  }

  active(): boolean {
    return this.#groups.length > 0;
  }

  /** A call starts outside quotes at depth 1: it closes when its group is one level shallower. */
  join(id: number): void {
    let group = this.#groups.find((candidate) => candidate.state === 0);
    if (group === undefined) {
      group = { state: 0, depth: 1, closesAt: new Map(), size: 0 };
      this.#groups.push(group);
    }
    addClosing(group, group.depth - 1, [id]);
  }

  step(char: number, index: number): void {
    for (const group of this.#groups) {
      const { state } = group;
      if (state > ESCAPED) group.state = state - ESCAPED;
      else if (state !== 0) {
        if (char === BACKSLASH) group.state = state + ESCAPED;
        else if (quoteState(char) === state) group.state = 0;
      } else if (quoteState(char) !== 0) group.state = quoteState(char);
      else if (char === OPEN) group.depth++;
      else if (char === CLOSE) this.#close(group, --group.depth, index);
    }
    this.#groups = tidy(this.#groups, hasClosing, mergeDepthGroups);
  }

  #close(group: DepthGroup, depth: number, index: number): void {
    const ids = group.closesAt.get(depth);
    if (ids === undefined) return;
    for (const id of ids) (this.#spans[id] as FromAiSpan).end = index;
    group.closesAt.delete(depth);
    group.size -= ids.length;
  }
}

function addClosing(group: DepthGroup, depth: number, ids: number[]): void {
  const known = group.closesAt.get(depth);
  if (known === undefined) group.closesAt.set(depth, ids);
  else for (const id of ids) known.push(id);
  group.size += ids.length;
}

/** The smaller group's calls moved into the larger one, their closing depths shifted to its depth. */
function mergeDepthGroups(a: DepthGroup, b: DepthGroup): DepthGroup {
  const [large, small] = a.size >= b.size ? [a, b] : [b, a];
  for (const [depth, ids] of small.closesAt) addClosing(large, depth - small.depth + large.depth, ids);
  return large;
}

/** Calls in one state of the comma scan that still want commas. */
interface CommaGroup {
  state: number;
  waiting: number[];
}

/** States of the comma scan: 0 outside quotes, 1–3 in a quote, +4 when the character is escaped. */
const ESCAPE_NEXT = 4;

/** n8n's split of a call's arguments: commas outside quotes, `\` escaping the next character anywhere. */
class CommaScan {
  #groups: CommaGroup[] = [];
  readonly #spans: FromAiSpan[];

  constructor(spans: FromAiSpan[]) {
    this.#spans = spans;
  }

  join(id: number): void {
    let group = this.#groups.find((candidate) => candidate.state === 0);
    if (group === undefined) {
      group = { state: 0, waiting: [] };
      this.#groups.push(group);
    }
    group.waiting.push(id);
  }

  clear(): void {
    this.#groups = [];
  }

  step(char: number, index: number): void {
    for (const group of this.#groups) {
      const { state } = group;
      if (state >= ESCAPE_NEXT) group.state = state - ESCAPE_NEXT;
      else if (char === BACKSLASH) group.state = state + ESCAPE_NEXT;
      else if (quoteState(char) !== 0) {
        if (state === 0) group.state = quoteState(char);
        else if (quoteState(char) === state) group.state = 0;
      } else if (char === COMMA && state === 0) group.waiting = this.#comma(group.waiting, index);
    }
    this.#groups = tidy(this.#groups, isWaiting, mergeCommaGroups);
  }

  /** Each open call takes the comma; one is done once closed or with four commas. */
  #comma(waiting: number[], index: number): number[] {
    const still: number[] = [];
    for (const id of waiting) {
      const span = this.#spans[id] as FromAiSpan;
      if (span.end !== undefined) continue;
      span.commas.push(index);
      if (span.commas.length < PARTS) still.push(id);
    }
    return still;
  }
}

function hasClosing(group: DepthGroup): boolean {
  return group.size > 0;
}

function isWaiting(group: CommaGroup): boolean {
  return group.waiting.length > 0;
}

function mergeCommaGroups(a: CommaGroup, b: CommaGroup): CommaGroup {
  const [large, small] = a.waiting.length >= b.waiting.length ? [a, b] : [b, a];
  for (const id of small.waiting) large.waiting.push(id);
  return large;
}

/** Groups with calls left; those that reached the same state go on alike from here, so become one. */
function tidy<T extends { state: number }>(
  groups: T[],
  live: (group: T) => boolean,
  merge: (a: T, b: T) => T,
): T[] {
  if (groups.length === 1) return live(groups[0] as T) ? groups : [];
  groups = groups.filter(live);
  if (groups.length < 2) return groups;
  const byState = new Map<number, T>();
  for (const group of groups) {
    const same = byState.get(group.state);
    byState.set(group.state, same === undefined ? group : merge(same, group));
  }
  return [...byState.values()];
}
