/** The most values a loaded document may stand for once its shared parts are written out. */
export const MAX_EXPANDED_VALUES = 10_000_000;

/**
 * The most characters of text (strings and object keys) a loaded document may stand for once written
 * out: GitHub's REST description stands for about 27 million. One string shared by a million aliases
 * is a few values but gigabytes of text, which the first step that writes the document out (a digest,
 * a listing of the tool's schema) cannot hold.
 */
export const MAX_EXPANDED_TEXT = 100_000_000;

/** What a value stands for written out as a tree: how many values, and how many characters of text. */
export interface ExpandedSize {
  values: number;
  text: number;
}

/** A document that would expand past `MAX_EXPANDED_VALUES` or `MAX_EXPANDED_TEXT`: YAML aliases or `$ref`s. */
export class ExpansionError extends Error {
  override readonly name = "ExpansionError";
  constructor(past: "values" | "text") {
    const what =
      past === "values" ? `${MAX_EXPANDED_VALUES} values` : `${MAX_EXPANDED_TEXT} characters of text`;
    super(`expands to more than ${what} (YAML aliases or shared $refs); refusing to load it`);
  }
}

/** Throws `ExpansionError` when a size is past either bound. */
export function assertWithinBounds(size: ExpandedSize): void {
  if (size.values > MAX_EXPANDED_VALUES) throw new ExpansionError("values");
  if (size.text > MAX_EXPANDED_TEXT) throw new ExpansionError("text");
}

/** The text a value adds itself (not its children): a string's length, an object's keys. */
export function ownText(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return 0;
  let text = 0;
  for (const key in value) text += key.length;
  return text;
}

/** A value that contains itself (a YAML alias to a node it is inside): no JSON document can. */
export class CycleError extends Error {
  override readonly name = "CycleError";
  constructor() {
    super("a value contains itself (a cycle)");
  }
}

export interface BoundedExpansionOptions {
  /**
   * Throw `CycleError` when a value contains itself, instead of counting the cycle once: a parsed
   * text must be a tree of shared parts (resolved `$ref`s may be cyclic, a recursive schema).
   */
  refuseCycles?: boolean;
}

/**
 * Throws `ExpansionError` when a parsed value, walked as the tree every later step sees, has more than
 * `MAX_EXPANDED_VALUES` values or `MAX_EXPANDED_TEXT` characters of text. YAML aliases and resolved
 * `$ref`s make one object appear in many places, so 600 bytes can stand for billions of values, and
 * 12 KB for a million copies of a 10 KB string; each object is counted once and its size remembered, so
 * this costs one pass over what is really in memory. A cycle (a legitimate recursive schema) counts
 * once. Iterative, so a deeply nested document cannot overflow the stack.
 */
export function assertBoundedExpansion(value: unknown, options: BoundedExpansionOptions = {}): void {
  expandedSize(value, options);
}

/** What `value` stands for, written out as a tree; throws as `assertBoundedExpansion`. */
export function expandedSize(value: unknown, options: BoundedExpansionOptions = {}): ExpandedSize {
  if (typeof value !== "object" || value === null) return { values: 1, text: ownText(value) };
  // Each object's expanded size once walked; WALKING while it is on the stack (a cycle counts once).
  const sizes = new Map<object, ExpandedSize>([[value, WALKING]]);
  const stack: Frame[] = [frameOf(value)];
  let top = 0;
  for (;;) {
    const frame = stack[top] as Frame;
    if (frame.next === frame.children.length) {
      if (top === 0) return frame.size;
      sizes.set(frame.node, frame.size);
      top--;
      addTo(stack[top] as Frame, frame.size);
      continue;
    }
    const child = frame.children[frame.next++];
    if (typeof child !== "object" || child === null) {
      addTo(frame, { values: 1, text: ownText(child) });
      continue;
    }
    const known = sizes.get(child);
    if (known === WALKING && options.refuseCycles) throw new CycleError();
    if (known !== undefined) addTo(frame, known === WALKING ? ONE : known);
    else {
      sizes.set(child, WALKING);
      stack[++top] = frameOf(child);
    }
  }
}

const WALKING: ExpandedSize = { values: -1, text: -1 };
/** A cycle back to an object being walked: one value, as the object is counted where it stands. */
const ONE: ExpandedSize = { values: 1, text: 0 };

interface Frame {
  node: object;
  children: unknown[];
  next: number;
  size: ExpandedSize;
}

function frameOf(node: object): Frame {
  const children = Array.isArray(node) ? node : Object.values(node);
  return { node, children, next: 0, size: { values: 1, text: ownText(node) } };
}

function addTo(frame: Frame, size: ExpandedSize): void {
  frame.size.values += size.values;
  frame.size.text += size.text;
  assertWithinBounds(frame.size);
}
