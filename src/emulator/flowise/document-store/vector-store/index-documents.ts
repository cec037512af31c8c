import type { DocumentInterface } from "@langchain/core/documents";
import { type CleanupMode, index } from "@langchain/core/indexing";
import type { MemoryRecordManager } from "./memory-record-manager.js";
import type { StagedVectorStore } from "./staged-vector-store.js";

/** A document as an upsert result lists it. */
export interface AddedDocument {
  pageContent: string;
  metadata: Record<string, unknown>;
}

/** What an upsert into the vector store did: LangChain's indexing result, as Flowise answers it. */
export type IndexResult =
  | { numAdded: number; addedDocs: AddedDocument[] }
  | {
      numAdded: number;
      numDeleted: number;
      numUpdated: number;
      numSkipped: number;
      totalKeys: number;
      addedDocs: AddedDocument[];
    };

/** A record manager's config as Flowise's record-manager nodes take it. */
export interface RecordManagerSettings {
  /** `none` (default), `incremental` or `full`: LangChain's cleanup modes. */
  cleanup?: unknown;
  /** The metadata key naming a document's source; default `source`. */
  sourceIdKey?: unknown;
}

/**
 * Writes documents into a (staged) vector store. With a record manager this is LangChain's
 * `index()`: unchanged documents are skipped and, with cleanup, stale ones deleted, so the counts
 * are real. Without one every document is added again, as Flowise does (#4873).
 */
export async function indexDocuments(
  documents: DocumentInterface[],
  vectorStore: StagedVectorStore,
  recordManager?: { manager: MemoryRecordManager; settings: RecordManagerSettings },
): Promise<IndexResult> {
  if (!recordManager) {
    await vectorStore.addDocuments(documents);
    return { numAdded: documents.length, addedDocs: vectorStore.added.map(toAdded) };
  }
  const { manager, settings } = recordManager;
  const cleanup = cleanupMode(settings.cleanup);
  const sourceIdKey =
    typeof settings.sourceIdKey === "string" && settings.sourceIdKey ? settings.sourceIdKey : "source";
  const counts = await index({
    docsSource: documents,
    recordManager: manager,
    vectorStore,
    options: { ...(cleanup ? { cleanup } : {}), sourceIdKey },
  });
  return { ...counts, totalKeys: manager.size, addedDocs: vectorStore.added.map(toAdded) };
}

function cleanupMode(value: unknown): CleanupMode | undefined {
  return value === "incremental" || value === "full" ? value : undefined;
}

function toAdded(document: DocumentInterface): AddedDocument {
  return { pageContent: document.pageContent, metadata: { ...document.metadata } };
}
