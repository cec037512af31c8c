import type { Chatflow } from "./chatflow.js";

/** The emulator's chatflows, in memory. */
export interface ChatflowStore {
  /**
   * Every chatflow, newest `updatedDate` first. Flows updated within the same second are listed
   * earlier-created first, as Flowise 3.1.4 on SQLite lists them (its dates have whole seconds, and
   * equal ones keep the table's insertion order, which an update does not change).
   */
  list(): Chatflow[];
  get(id: string): Chatflow | undefined;
  put(chatflow: Chatflow): void;
  delete(id: string): boolean;
  replaceAll(chatflows: readonly Chatflow[]): void;
}

/** An empty in-memory store; reads and writes copy, so callers never share an entity with it. */
export function createChatflowStore(): ChatflowStore {
  const rows = new Map<string, { chatflow: Chatflow; inserted: number }>();
  let inserts = 0;
  const put = (chatflow: Chatflow) => {
    const inserted = rows.get(chatflow.id)?.inserted ?? ++inserts;
    rows.set(chatflow.id, { chatflow: { ...chatflow }, inserted });
  };
  return {
    list: () =>
      [...rows.values()]
        .sort(
          (a, b) => compareSecond(b.chatflow.updatedDate, a.chatflow.updatedDate) || a.inserted - b.inserted,
        )
        .map((row) => ({ ...row.chatflow })),
    get: (id) => {
      const row = rows.get(id);
      return row && { ...row.chatflow };
    },
    put,
    delete: (id) => rows.delete(id),
    replaceAll: (chatflows) => {
      rows.clear();
      for (const chatflow of chatflows) put(chatflow);
    },
  };
}

/** ISO timestamps compared to the second (`2025-03-01T12:00:00`), as SQLite stores them. */
function compareSecond(a: string, b: string): number {
  const [first, second] = [a.slice(0, 19), b.slice(0, 19)];
  return first < second ? -1 : first > second ? 1 : 0;
}
