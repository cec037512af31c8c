/** Gives back one object for every value of the same JSON text. */
export type JsonInterner = <T extends object>(value: T) => T;

/**
 * One shared object per distinct JSON text: the first value of a text stands for every later one, so work
 * cached by object (a walk, a copy, a verdict) is done once per distinct value, not once per copy. Each
 * object is stringified once, however often it is given; equal text is what a wire sends alike, key order
 * included.
 * @example
 * const intern = createJsonInterner();
 * intern({ type: "object" }) === intern({ type: "object" }); // true
 */
export function createJsonInterner(): JsonInterner {
  const byText = new Map<string, object>();
  const known = new WeakMap<object, object>();
  return <T extends object>(value: T): T => {
    const seen = known.get(value);
    if (seen) return seen as T;
    const text = JSON.stringify(value);
    const shared = byText.get(text) ?? value;
    byText.set(text, shared);
    known.set(value, shared);
    return shared as T;
  };
}
