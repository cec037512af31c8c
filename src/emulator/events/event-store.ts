import type { Event } from "./event.js";

/**
 * Where the event service keeps its events. The default is an insertion-ordered in-memory map;
 * tests inject a failing store to prove the 500 path.
 */
export interface EventStore {
  list(): Event[];
  get(id: string): Event | undefined;
  has(id: string): boolean;
  /** Adds or replaces the event with this id, keeping its original position. */
  put(event: Event): void;
  delete(id: string): boolean;
  /** Drops every event and loads these, in order. */
  replaceAll(events: readonly Event[]): void;
}

/** An in-memory store; a `Map` keeps insertion order, so listing is in creation order. */
export function createMemoryEventStore(): EventStore {
  const events = new Map<string, Event>();
  return {
    list: () => [...events.values()],
    get: (id) => events.get(id),
    has: (id) => events.has(id),
    put: (event) => void events.set(event.id, event),
    delete: (id) => events.delete(id),
    replaceAll(seed) {
      events.clear();
      for (const event of seed) events.set(event.id, { ...event });
    },
  };
}
