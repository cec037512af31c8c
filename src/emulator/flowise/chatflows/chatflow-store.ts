import type { Chatflow } from "./chatflow.js";

/** The emulator's chatflows, in memory. */
export interface ChatflowStore {
  /** Every chatflow, newest `updatedDate` first (ties: the later written first). */
  list(): Chatflow[];
  get(id: string): Chatflow | undefined;
  put(chatflow: Chatflow): void;
  delete(id: string): boolean;
  replaceAll(chatflows: readonly Chatflow[]): void;
}

/** An empty in-memory store; reads and writes copy, so callers never share an entity with it. */
export function createChatflowStore(): ChatflowStore {
  const rows = new Map<string, { chatflow: Chatflow; written: number }>();
  let writes = 0;
  return {
    list: () =>
      [...rows.values()]
        .sort((a, b) => compareText(b.chatflow.updatedDate, a.chatflow.updatedDate) || b.written - a.written)
        .map((row) => ({ ...row.chatflow })),
    get: (id) => {
      const row = rows.get(id);
      return row && { ...row.chatflow };
    },
    put: (chatflow) => void rows.set(chatflow.id, { chatflow: { ...chatflow }, written: ++writes }),
    delete: (id) => rows.delete(id),
    replaceAll: (chatflows) => {
      rows.clear();
      for (const chatflow of chatflows)
        rows.set(chatflow.id, { chatflow: { ...chatflow }, written: ++writes });
    },
  };
}

/** ISO timestamps of one format sort as text. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
