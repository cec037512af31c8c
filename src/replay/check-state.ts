import { nearestName } from "../text/nearest-name.js";
import { matchArgs } from "./match-args.js";
import type { CollectionExpectation } from "./scenario-schema.js";

/**
 * Checks the emulator's end state: per collection of `snapshot()` (e.g. `events`), items that must be
 * there (`contains`: some item has every given field), items that must not (`lacks`), and the count.
 */
export function checkState(
  snapshot: Record<string, unknown>,
  expectations: Record<string, CollectionExpectation>,
): string[] {
  return Object.entries(expectations).flatMap(([key, expected]) => {
    const items = snapshot[key];
    if (!Array.isArray(items)) return [unknownCollection(key, snapshot)];
    const found = (pattern: Record<string, unknown>) =>
      items.some((item) => matchArgs(pattern, item, "subset"));
    const failures: string[] = [];
    for (const pattern of expected.contains ?? []) {
      if (!found(pattern)) failures.push(`state.${key}: no item matching ${JSON.stringify(pattern)}`);
    }
    for (const pattern of expected.lacks ?? []) {
      if (found(pattern))
        failures.push(`state.${key}: an item matching ${JSON.stringify(pattern)} is still there`);
    }
    if (expected.count !== undefined && items.length !== expected.count) {
      failures.push(`state.${key}: expected ${expected.count} items, got ${items.length}`);
    }
    return failures;
  });
}

/** `state.evnts: … no collection 'evnts', did you mean events? (collections: events, chatflows)`. */
function unknownCollection(key: string, snapshot: Record<string, unknown>): string {
  const collections = Object.keys(snapshot).filter((name) => Array.isArray(snapshot[name]));
  const nearest = nearestName(key, collections);
  const hint = nearest ? `, did you mean ${nearest}?` : "";
  const known = collections.length > 0 ? `collections: ${collections.join(", ")}` : "it has none";
  return `state.${key}: the emulator's snapshot has no collection '${key}'${hint} (${known})`;
}
