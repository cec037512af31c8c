import { createHash } from "node:crypto";

/** A short, stable fingerprint of an emulator snapshot: keys sorted, so equal states give equal digests. */
export function stateDigest(snapshot: unknown): string {
  return `sha256:${createHash("sha256").update(canonicalJson(snapshot)).digest("hex").slice(0, 16)}`;
}

/**
 * JSON with object keys sorted at every level; an integer the spec emulator keeps exact (a `bigint`,
 * beyond 2^53) as its digits, which JSON.stringify would throw on.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === "bigint"
      ? String(item)
      : item !== null && typeof item === "object" && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : item,
  );
}
