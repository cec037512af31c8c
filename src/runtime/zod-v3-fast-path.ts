/**
 * Parsers for the few zod v3 schemas a Flowise request tool is made of (objects that strip unknown keys,
 * optional, records, arrays, strings, numbers, booleans, any, a transform), each giving exactly the
 * value zod v3's `safeParse` gives, or `UNSURE`: for anything invalid, and for inputs whose zod result
 * depends on rules not copied here (class instances, thenables, a `__proto__` key). The caller then asks
 * zod itself, so its conversions, transforms and error text stay Flowise's own.
 *
 * Why: zod v3 parses such a schema with several objects per field, and a Flowise tool's arguments are
 * parsed twice per LangChain call (the adapter's conversion, then the tool's validation), a sizeable share
 * of an in-process call (bench/tool-calls-langchain). Pinned to zod v3 by test/runtime/request/zod-v3-fast-path.test.ts.
 */
export type FastParser = (value: unknown) => unknown;

/** The parser cannot vouch for the value: ask zod. */
export const UNSURE: unique symbol = Symbol("unsure");

/**
 * An object zod v3 reads as `object` by the rules copied here: a plain object (its prototype
 * Object.prototype or null) that is not a thenable (zod calls one with `then` and `catch` a promise).
 */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return typeof (value as { then?: unknown }).then !== "function";
}

/** `z.string()` */
export const fastString: FastParser = (value) => (typeof value === "string" ? value : UNSURE);

/** `z.number()`: NaN is refused (zod v3 calls it `nan`), infinities pass. */
export const fastNumber: FastParser = (value) =>
  typeof value === "number" && !Number.isNaN(value) ? value : UNSURE;

/** `z.boolean()` */
export const fastBoolean: FastParser = (value) => (typeof value === "boolean" ? value : UNSURE);

/** `z.any()`: the value itself, not a copy. */
export const fastAny: FastParser = (value) => value;

/** `inner.optional()`: undefined passes as undefined. */
export function fastOptional(inner: FastParser): FastParser {
  return (value) => (value === undefined ? undefined : inner(value));
}

/** `inner.transform(transform)`: the transform runs on what the inner schema gives. */
export function fastTransform(inner: FastParser, transform: (value: never) => unknown): FastParser {
  return (value) => {
    const parsed = inner(value);
    return parsed === UNSURE ? UNSURE : transform(parsed as never);
  };
}

/** `z.array(item)`: a new array of the items' results (holes read as undefined, as zod's spread does). */
export function fastArray(item: FastParser): FastParser {
  return (value) => {
    if (!Array.isArray(value)) return UNSURE;
    const result: unknown[] = [];
    for (const element of [...value]) {
      const parsed = item(element);
      if (parsed === UNSURE) return UNSURE;
      result.push(parsed);
    }
    return result;
  };
}

/** `z.record(entry)` (string keys): a new object of every `for…in` key, as zod's record walks them. */
export function fastRecord(entry: FastParser): FastParser {
  return (value) => {
    if (!isPlainRecord(value)) return UNSURE;
    const result: Record<string, unknown> = {};
    for (const key in value) {
      // zod leaves a `__proto__` key out of its result: not copied here.
      if (key === "__proto__") return UNSURE;
      const parsed = entry(value[key]);
      if (parsed === UNSURE) return UNSURE;
      result[key] = parsed;
    }
    return result;
  };
}

/**
 * `z.object(shape)`, unknown keys stripped: a new object of the shape's keys in the shape's order (zod
 * reads them with `Object.keys`), each set when its result is defined or the key is in the input.
 * `fields` must be given in the order the zod shape was built.
 */
export function fastObject(fields: readonly (readonly [string, FastParser])[]): FastParser {
  // A shape built with a `__proto__` key has another prototype, not that key: not copied here.
  if (fields.some(([key]) => key === "__proto__")) return () => UNSURE;
  const byKey: Record<string, FastParser> = {};
  for (const [key, parser] of fields) byKey[key] = parser;
  const keys = Object.keys(byKey);
  return (value) => {
    if (!isPlainRecord(value)) return UNSURE;
    const result: Record<string, unknown> = {};
    for (const key of keys) {
      const parsed = (byKey[key] as FastParser)(value[key]);
      if (parsed === UNSURE) return UNSURE;
      if (parsed !== undefined || key in value) result[key] = parsed;
    }
    return result;
  };
}
