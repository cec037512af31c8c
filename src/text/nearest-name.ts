import { distance } from "fastest-levenshtein";

/**
 * The known name a mistyped one most likely meant, for a "did you mean" hint: the closest by edit
 * distance (case aside), when at most a third of its letters differ (two for short names); undefined
 * when none is that close. Ties go to the first in `known`.
 * @example
 * nearestName("chek", ["check", "lint"]); // "check"
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const allowed = Math.max(2, Math.floor(name.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const off = distance(name.toLowerCase(), candidate.toLowerCase());
    if (off <= allowed && (best === undefined || off < best.distance))
      best = { name: candidate, distance: off };
  }
  return best?.name;
}
