import type { ChunkRow } from "../model/document-store-model.js";
import type { StoreEntry } from "./document-store-state.js";
import { asService, type DocumentStoreContext } from "./service-context.js";

/** One retrieved chunk, as `POST /document-store/vectorstore/query` lists it. */
export interface QueryDoc {
  pageContent: string;
  metadata: Record<string, unknown>;
  id: string;
  chunkNo: number;
}

/** Flowise's vector-store nodes retrieve 4 documents unless `topK` says otherwise. */
export const DEFAULT_TOP_K = 4;

/**
 * Flowise's in-memory vector store lives only as long as one request: what an upsert put in is gone
 * when a query comes, so a store using it answers every query with no documents (Flowise 3.1.4).
 */
export const FORGETFUL_VECTOR_STORES: ReadonlySet<string> = new Set(["memoryVectorStore"]);

/**
 * `POST /document-store/vectorstore/query` `{storeId, query, inputs?}`: the query embedded with the
 * store's embedding and the topK nearest chunks by cosine similarity (`inputs` overlay the vector
 * store config). Each result carries the id and chunkNo of the store chunk with the same text, or a
 * fresh id and chunkNo -1 when none has (an edited chunk, vectors of a deleted loader). A store whose
 * vector store is `memoryVectorStore` finds nothing.
 */
export function queryVectorStore(
  ctx: DocumentStoreContext,
  body: Record<string, unknown>,
): Promise<{ timeTaken: number; docs: QueryDoc[] }> {
  return asService("queryVectorStore", async () => {
    const storeId = String(body.storeId);
    const entry = ctx.state.get(storeId);
    if (!entry) throw new Error(`Document store ${storeId} not found`);
    const { embeddingConfig, vectorStoreConfig } = entry.record;
    if (!embeddingConfig) throw new Error(`Embedding for ${storeId} is not configured`);
    if (!vectorStoreConfig) throw new Error(`Vector Store for ${storeId} is not configured`);
    if (typeof body.query !== "string") throw new Error("query must be a string");
    const inputs = typeof body.inputs === "object" && body.inputs !== null ? body.inputs : {};
    const topK = readTopK({ ...vectorStoreConfig.config, ...inputs }.topK);
    if (FORGETFUL_VECTOR_STORES.has(vectorStoreConfig.name)) return { timeTaken: 0, docs: [] };
    const embeddings = await ctx.embeddings.embeddingsFor(embeddingConfig);
    const started = ctx.now().getTime();
    const vector = await embeddings.embedQuery(body.query);
    const found = entry.vectors.search(vector, topK);
    const timeTaken = ctx.now().getTime() - started;
    const byContent = chunksByContent(entry);
    const docs = found.map(([record]) => {
      const chunk = byContent.get(record.pageContent);
      return {
        pageContent: record.pageContent,
        metadata: { ...record.metadata },
        id: chunk?.id ?? ctx.randomId(),
        chunkNo: chunk?.chunkNo ?? -1,
      };
    });
    return { timeTaken, docs };
  });
}

/** Flowise reads topK with parseFloat; the emulator refuses what is not a positive number. */
function readTopK(value: unknown): number {
  if (value === undefined || value === null || value === "") return DEFAULT_TOP_K;
  const k = typeof value === "number" ? value : Number.parseFloat(String(value));
  if (!Number.isFinite(k) || k < 1)
    throw new Error(`topK must be a positive number, got ${JSON.stringify(value)}`);
  return Math.floor(k);
}

/** The first chunk of the store with each text, as Flowise's `findOneBy({storeId, pageContent})` finds it. */
function chunksByContent(entry: StoreEntry): Map<string, ChunkRow> {
  const byContent = new Map<string, ChunkRow>();
  for (const loader of entry.record.loaders) {
    for (const row of entry.chunks.get(loader.id) ?? []) {
      if (!byContent.has(row.pageContent)) byContent.set(row.pageContent, row);
    }
  }
  return byContent;
}
