type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null;
}

/**
 * Flowise's "Remove null parameters", quirk for quirk: a shallow copy of the arguments loses its
 * null keys, and nested objects lose theirs (recursively, then emptied objects and arrays) IN PLACE, so the
 * request Flowise builds from the original arguments sees the nested removals but not the top-level
 * ones. Returns the copy; mutates `args`' nested objects.
 */
export function flowiseRemoveNulls(args: Json): Json {
  return removeNullsInPlace({ ...args });
}

function removeNullsInPlace(target: Json): Json {
  for (const key of Object.keys(target)) {
    const value = target[key];
    if (value === null) {
      delete target[key];
    } else if (isObject(value)) {
      removeNullsInPlace(value as Json);
      if (Object.keys(value).length === 0) delete target[key];
    }
  }
  return target;
}

/** A copy of `value` without null-valued keys, recursively; objects left empty are dropped too. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === null) continue;
    const cleaned = withoutNulls(entry);
    if (isObject(cleaned) && !Array.isArray(cleaned) && Object.keys(cleaned).length === 0) continue;
    out[key] = cleaned;
  }
  return out;
}
