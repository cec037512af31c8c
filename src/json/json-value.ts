/** A JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `string`, `number`, `array`, `null`…: how a message names what it received. */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * A deep copy of a JSON value (what JSON.parse gives: objects, arrays, strings, numbers, booleans,
 * null). Several times faster than `structuredClone` for the small objects an emulator stores, which
 * on Node 20 pays for its transfer machinery on every call.
 */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = cloneJson((value as Record<string, unknown>)[key]);
    setOwn(copy, key, item);
  }
  return copy as T;
}

/**
 * Sets `key` as an own, enumerable property, whatever the key: JSON.parse makes `__proto__` an own key
 * like any other, where assigning it (`copy[key] = value`) would set the object's prototype instead and
 * lose the key (a body field, an argument, a schema property named `__proto__`).
 */
export function setOwn(target: Record<string | number, unknown>, key: string | number, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
