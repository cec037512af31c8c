import { cloneJson } from "../../json/json-value.js";
import { createIdTally, type IdTally } from "./next-id.js";

/** One stored item: whatever JSON object the spec's item schema describes. */
export type Item = Record<string, unknown>;

/** The state of a spec emulator: items by collection (a concrete path such as `/owners/1/pets`) and id. */
export interface ResourceStore {
  list(collection: string): Item[];
  get(collection: string, id: string): Item | undefined;
  /** Adds or replaces an item, keeping the position of the one it replaces. */
  put(collection: string, id: string, item: Item): void;
  /** Removes an item and the collections under it (`/owners/1/pets` with owner 1). */
  delete(collection: string, id: string): boolean;
  /** The ids of a collection so far, for making the next one. */
  ids(collection: string): IdTally;
  /** Back to the seed. */
  reset(): void;
  /** A copy of every collection that holds items, by path. */
  snapshot(): Record<string, Item[]>;
}

/**
 * An in-memory store: a `Map` per collection keeps insertion order, so lists come in creation order.
 * Items are copied in and out, so a caller holding one cannot change the state behind its back.
 */
export function createResourceStore(seed: ReadonlyMap<string, ReadonlyMap<string, Item>>): ResourceStore {
  const collections = new Map<string, Map<string, Item>>();
  const tallies = new Map<string, IdTally>();
  const tally = (collection: string) => {
    let ids = tallies.get(collection);
    if (!ids) {
      ids = createIdTally();
      tallies.set(collection, ids);
    }
    return ids;
  };
  const reset = () => {
    collections.clear();
    tallies.clear();
    for (const [path, items] of seed) {
      collections.set(path, new Map(cloneJson([...items])));
      for (const id of items.keys()) tally(path).add(id);
    }
  };
  reset();
  const itemPath = (collection: string, id: string) => `${collection}/${encodeURIComponent(id)}`;
  return {
    list: (collection) => [...(collections.get(collection)?.values() ?? [])].map((item) => cloneJson(item)),
    get: (collection, id) => {
      const item = collections.get(collection)?.get(id);
      return item && cloneJson(item);
    },
    put(collection, id, item) {
      const items = collections.get(collection) ?? new Map<string, Item>();
      items.set(id, cloneJson(item));
      collections.set(collection, items);
      tally(collection).add(id);
    },
    delete(collection, id) {
      if (!collections.get(collection)?.delete(id)) return false;
      tally(collection).remove(id);
      const below = `${itemPath(collection, id)}/`;
      for (const path of [...collections.keys()]) {
        if (!path.startsWith(below)) continue;
        collections.delete(path);
        tallies.delete(path);
      }
      return true;
    },
    ids: tally,
    reset,
    snapshot: () =>
      Object.fromEntries(
        [...collections]
          .filter(([, items]) => items.size > 0)
          .map(([path, items]) => [path, cloneJson([...items.values()])]),
      ),
  };
}
