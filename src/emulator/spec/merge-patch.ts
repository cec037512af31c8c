/**
 * JSON Merge Patch (RFC 7386): the patch's fields replace the target's, objects merge recursively and a
 * `null` removes the field; a patch that is not an object replaces the target whole. `keepsNull` names
 * the top-level fields a `null` sets instead: a plain JSON PATCH (GitHub's `{"milestone": null}`)
 * means the value null where the item may hold one.
 */
export function mergePatch(target: unknown, patch: unknown, keepsNull?: (field: string) => boolean): unknown {
  if (!isRecord(patch)) return patch;
  const result: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null && keepsNull?.(key)) result[key] = null;
    else if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
