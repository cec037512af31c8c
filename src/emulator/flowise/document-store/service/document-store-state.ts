import { LocalHashedEmbeddings } from "../embeddings/local-hashed-embeddings.js";
import type { ChunkRow, StoredFile, StoreRecord } from "../model/document-store-model.js";
import { FlatVectorStore } from "../vector-store/flat-vector-store.js";
import { MemoryRecordManager } from "../vector-store/memory-record-manager.js";
import { StagedVectorStore } from "../vector-store/staged-vector-store.js";

/** Everything the emulator keeps for one document store. */
export interface StoreEntry {
  record: StoreRecord;
  /** Chunk rows by loader id, each list in chunkNo order. */
  chunks: Map<string, ChunkRow[]>;
  /** Uploaded files by name, as Flowise's per-store file storage keeps them. */
  files: Map<string, StoredFile>;
  vectors: FlatVectorStore;
  recordManager: MemoryRecordManager;
}

/** A store being changed by an upsert or refresh: copies of the entry, and vector writes held back. */
export interface StoreDraft {
  record: StoreRecord;
  chunks: Map<string, ChunkRow[]>;
  files: Map<string, StoredFile>;
  recordManager: MemoryRecordManager;
  /** Staged writes against the store's vectors (a new, empty index for a new store). */
  staged: (embeddings: ConstructorParameters<typeof StagedVectorStore>[1]) => StagedVectorStore;
}

/** Only the search path of a vector store uses this; the service embeds queries itself. */
const UNUSED_EMBEDDINGS = new LocalHashedEmbeddings({ dimensions: 1 });

/**
 * The document stores of the emulator, in memory. Upserts and refreshes change stores through a
 * `Transaction`, which works on drafts and writes nothing until `commit()`: an upsert that is not
 * committed leaves every store, chunk, file and vector as it was.
 */
export class DocumentStoreState {
  private entries = new Map<string, { entry: StoreEntry; written: number }>();
  private writes = 0;

  constructor(private readonly now: () => number) {}

  get(id: string): StoreEntry | undefined {
    return this.entries.get(id)?.entry;
  }

  /** Every store, newest `updatedDate` first (ties: the later written first), as Flowise lists them. */
  list(): StoreEntry[] {
    return [...this.entries.values()]
      .sort(
        (a, b) =>
          compareText(b.entry.record.updatedDate, a.entry.record.updatedDate) || b.written - a.written,
      )
      .map(({ entry }) => entry);
  }

  put(entry: StoreEntry): void {
    this.entries.set(entry.record.id, { entry, written: ++this.writes });
  }

  delete(id: string): boolean {
    return this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  /** A new, empty entry for a store record. */
  newEntry(record: StoreRecord): StoreEntry {
    return {
      record,
      chunks: new Map(),
      files: new Map(),
      vectors: new FlatVectorStore(UNUSED_EMBEDDINGS),
      recordManager: new MemoryRecordManager(record.id, this.now),
    };
  }

  begin(): Transaction {
    return new Transaction(this);
  }
}

/** Changes to several stores that become visible together, or not at all. */
export class Transaction {
  private drafts = new Map<string, { draft: StoreDraft; target: StoreEntry; staged: StagedVectorStore[] }>();

  constructor(private readonly state: DocumentStoreState) {}

  /** The draft of a store (the committed store copied on first use), or undefined for an unknown id. */
  read(id: string): StoreDraft | undefined {
    const open = this.drafts.get(id);
    if (open) return open.draft;
    const entry = this.state.get(id);
    return entry ? this.open(entry) : undefined;
  }

  /** A draft of a new store. */
  create(record: StoreRecord): StoreDraft {
    return this.open(this.state.newEntry(record));
  }

  /** Makes every draft the committed state and applies the held-back vector writes. */
  async commit(): Promise<void> {
    for (const { draft, target, staged } of this.drafts.values()) {
      for (const writes of staged) await writes.commit();
      this.state.put({
        ...target,
        record: draft.record,
        chunks: draft.chunks,
        files: draft.files,
        recordManager: draft.recordManager,
      });
    }
    this.drafts.clear();
  }

  private open(entry: StoreEntry): StoreDraft {
    const staged: StagedVectorStore[] = [];
    const draft: StoreDraft = {
      record: structuredClone(entry.record),
      chunks: new Map(entry.chunks),
      files: new Map(entry.files),
      recordManager: entry.recordManager.clone(),
      staged: (embeddings) => {
        const writes = new StagedVectorStore(entry.vectors, embeddings);
        staged.push(writes);
        return writes;
      },
    };
    this.drafts.set(entry.record.id, { draft, target: entry, staged });
    return draft;
  }
}

/** ISO timestamps of one format sort as text. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
