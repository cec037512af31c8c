/** The most values a loaded document may stand for once its shared parts are written out. */
export const MAX_EXPANDED_VALUES = 10_000_000;

/** A document that would expand past `MAX_EXPANDED_VALUES`: a YAML alias bomb or a `$ref` fan-out. */
export class ExpansionError extends Error {
  override readonly name = "ExpansionError";
  constructor() {
    super(
      `expands to more than ${MAX_EXPANDED_VALUES} values (YAML aliases or shared $refs); refusing to load it`,
    );
  }
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
 * `MAX_EXPANDED_VALUES` values. YAML aliases and resolved `$ref`s make one object appear in many places,
 * so 600 bytes can stand for billions of values; each object is counted once and its size remembered, so
 * this costs one pass over what is really in memory. A cycle (a legitimate recursive schema) counts once.
 * Iterative, so a deeply nested document cannot overflow the stack.
 */
export function assertBoundedExpansion(value: unknown, options: BoundedExpansionOptions = {}): void {
  expandedSize(value, options);
}

/** How many values `value` stands for, written out as a tree; throws as `assertBoundedExpansion`. */
export function expandedSize(value: unknown, options: BoundedExpansionOptions = {}): number {
  if (typeof value !== "object" || value === null) return 1;
  // Each object's expanded size once walked; WALKING while it is on the stack (a cycle counts once).
  const sizes = new Map<object, number>([[value, WALKING]]);
  const stack: Frame[] = [{ node: value, children: plainValues(value), next: 0, size: 1 }];
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
      addTo(frame, 1);
      continue;
    }
    const known = sizes.get(child);
    if (known === WALKING && options.refuseCycles) throw new CycleError();
    if (known !== undefined) addTo(frame, known === WALKING ? 1 : known);
    else {
      sizes.set(child, WALKING);
      stack[++top] = { node: child, children: plainValues(child), next: 0, size: 1 };
    }
  }
}

const WALKING = -1;

interface Frame {
  node: object;
  children: unknown[];
  next: number;
  size: number;
}

function addTo(frame: Frame, size: number): void {
  frame.size += size;
  if (frame.size > MAX_EXPANDED_VALUES) throw new ExpansionError();
}

function plainValues(value: object): unknown[] {
  return Array.isArray(value) ? value : Object.values(value);
}
