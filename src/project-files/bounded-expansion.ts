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

/**
 * Throws `ExpansionError` when a parsed value, walked as the tree every later step sees, has more than
 * `MAX_EXPANDED_VALUES` values. YAML aliases and resolved `$ref`s make one object appear in many places,
 * so 600 bytes can stand for billions of values; each object is counted once and its size remembered, so
 * this costs one pass over what is really in memory. A cycle (a legitimate recursive schema) counts once.
 * `children` says what to walk below an object (default: every own value).
 */
export function assertBoundedExpansion(
  value: unknown,
  options: { children?: (value: object) => unknown[] } = {},
): void {
  expandedSize(value, { sizes: new Map(), walking: new Set(), children: options.children ?? plainValues });
}

interface Walk {
  sizes: Map<object, number>;
  walking: Set<object>;
  children: (value: object) => unknown[];
}

function expandedSize(value: unknown, walk: Walk): number {
  const { sizes, walking } = walk;
  if (typeof value !== "object" || value === null) return 1;
  const known = sizes.get(value);
  if (known !== undefined) return known;
  if (walking.has(value)) return 1;
  walking.add(value);
  let size = 1;
  for (const child of walk.children(value)) {
    size += expandedSize(child, walk);
    if (size > MAX_EXPANDED_VALUES) throw new ExpansionError();
  }
  walking.delete(value);
  sizes.set(value, size);
  return size;
}

function plainValues(value: object): unknown[] {
  return Array.isArray(value) ? value : Object.values(value);
}
