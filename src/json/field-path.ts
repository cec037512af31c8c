import toPath from "lodash-es/toPath.js";

/**
 * Keys a field path may never walk through or write, at any depth, the root included: they lead out of
 * the data into `Object.prototype`, a constructor or a prototype. lodash refuses `__proto__` in `unset`
 * only while the root has no own `__proto__` key, which `JSON.parse` makes.
 */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * A field path's keys as lodash reads them (`a.b`, `a[0].b`, `a["b.c"]`), or the path as one key when
 * the root has it as its own key (lodash's rule for `get`, `set` and `unset`); undefined when any key is
 * forbidden.
 */
function keysOf(root: unknown, path: string): string[] | undefined {
  const keys = isObjectLike(root) && Object.hasOwn(root, path) ? [path] : toPath(path);
  return keys.some((key) => FORBIDDEN_KEYS.has(key)) ? undefined : keys;
}

/**
 * The value at a field path, following own properties only (an array's indexes and a string's length
 * included), as lodash `get` finds it in JSON data; undefined where a key is missing or forbidden.
 * @example
 * getField({ a: [{ b: 1 }] }, "a[0].b"); // 1
 * getField(JSON.parse('{"__proto__": {}}'), "__proto__.toString"); // undefined
 */
export function getField(root: unknown, path: string): unknown {
  const keys = keysOf(root, path);
  if (keys === undefined) return undefined;
  let value = root;
  for (const key of keys) {
    if (value === null || value === undefined || !Object.hasOwn(Object(value), key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Writes a value at a field path as lodash `set` does (missing levels made, an array where the next key
 * is an index), walking and writing own properties only; a path with a forbidden key writes nothing.
 * @example
 * const picked = {}; setField(picked, "a.b", 1); // picked: { a: { b: 1 } }
 */
export function setField(root: Record<string, unknown>, path: string, value: unknown): void {
  const keys = keysOf(root, path);
  if (keys === undefined) return;
  let target: Record<string, unknown> = root;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      defineOwnValue(target, key, value);
      return;
    }
    const next = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isObjectLike(next)) target = next as Record<string, unknown>;
    else {
      const made = isIndex(keys[index + 1] as string) ? [] : {};
      defineOwnValue(target, key, made);
      target = made as Record<string, unknown>;
    }
  });
}

/**
 * Deletes the own property at a field path as lodash `unset` does; a path with a forbidden key, or
 * through a property that is not the data's own, deletes nothing. Returns whether the path is now unset.
 * @example
 * const answer = JSON.parse('{"__proto__": {}, "a": {}}');
 * unsetField(answer, "a.__proto__.toString"); // false, Object.prototype.toString untouched
 */
export function unsetField(root: unknown, path: string): boolean {
  const keys = keysOf(root, path);
  if (keys === undefined) return false;
  const last = keys.pop() as string;
  const parent = keys.length === 0 ? root : getOwnPath(root, keys);
  if (!isObjectLike(parent) || !Object.hasOwn(parent, last)) return true;
  return delete (parent as Record<string, unknown>)[last];
}

function getOwnPath(root: unknown, keys: readonly string[]): unknown {
  let value = root;
  for (const key of keys) {
    if (!isObjectLike(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** An own property: the key is never `__proto__` (forbidden), so this is never the prototype's setter. */
function defineOwnValue(target: Record<string, unknown>, key: string, value: unknown): void {
  target[key] = value;
}

function isObjectLike(value: unknown): value is object {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

/** lodash's `isIndex`: a non-negative integer written plainly, below 2^53. */
function isIndex(key: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < Number.MAX_SAFE_INTEGER;
}
