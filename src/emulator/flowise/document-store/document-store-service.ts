import type { Pagination } from "../pagination.js";
import {
  createEmbeddingProvider,
  type EmbeddingProvider,
  type EmbeddingProviderOptions,
} from "./embeddings/embedding-provider.js";
import { type DocumentStoreDto, toDto } from "./model/document-store-dto.js";
import type { ChunkRow, StoreRecord } from "./model/document-store-model.js";
import type { DocumentStoreSeed } from "./model/document-store-seed.js";
import type { UploadedFile } from "./pipeline/uploaded-file.js";
import { deleteChunk, editChunk, getChunkPage } from "./service/chunk-pages.js";
import { DocumentStoreState } from "./service/document-store-state.js";
import { reasonOf } from "./service/nested-service-error.js";
import { queryVectorStore } from "./service/query-service.js";
import type { DocumentStoreContext } from "./service/service-context.js";
import {
  createStore,
  deleteStore,
  getStore,
  listStores,
  newStoreRecord,
  removeChatflowUsage,
  updateStore,
} from "./service/store-crud.js";
import { upsertItem } from "./service/upsert-item.js";
import { parseUpsertRequest } from "./service/upsert-request.js";
import { refreshDocStore, upsertDocStore } from "./service/upsert-service.js";
import { deleteLoader, deleteVectorStoreData } from "./service/vector-data.js";

export interface DocumentStoreServiceOptions {
  /** The emulator's workspace; every store carries its id. */
  workspaceId: string;
  now?: () => Date;
  randomId?: () => string;
  /** Which embedding serves which name; default the local embedding, OpenAI when a key is given. */
  embeddings?: EmbeddingProvider | EmbeddingProviderOptions;
  /** Names of existing chatflows, for `whereUsed`; default: no chatflow exists. */
  chatflowName?: (id: string) => string | undefined;
  /** Stores to start with (and return to on `reset()`), really upserted. */
  seed?: readonly DocumentStoreSeed[];
}

/** One store with its chunks and vector count, as tests and `snapshot()` see it. */
export interface DocumentStoreSnapshot {
  store: DocumentStoreDto;
  chunks: ChunkRow[];
  vectors: number;
  recordKeys: number;
}

export type DocumentStoreService = ReturnType<typeof createDocumentStoreService>;

/**
 * Flowise 3.1's document stores (area C) without HTTP: store CRUD, chunk pages, upsert and refresh
 * through a real load → split → embed → index pipeline, vector-store queries, loader and vector
 * deletion, with Flowise's answers and error messages (reference/flowise-api.md). Every change is
 * applied one at a time, in arrival order; an upsert or refresh that fails changes nothing, except an
 * upsert whose loader or splitter fails: that loader stays saved as SYNCING, as Flowise 3.1.4 leaves it.
 * @example
 * const stores = createDocumentStoreService({ workspaceId: "w1" });
 * const store = await stores.createStore({ name: "Docs" });
 * await stores.upsert(store.id, {
 *   loader: { name: "plainText", config: { text: "why the sky is blue" } },
 *   embedding: { name: "openAIEmbeddings" },
 *   vectorStore: { name: "faiss" },
 * });
 */
export function createDocumentStoreService(options: DocumentStoreServiceOptions) {
  const now = options.now ?? (() => new Date());
  const ctx: DocumentStoreContext = {
    state: new DocumentStoreState(() => now().getTime()),
    workspaceId: options.workspaceId,
    now,
    randomId: options.randomId ?? (() => crypto.randomUUID()),
    embeddings: isProvider(options.embeddings)
      ? options.embeddings
      : createEmbeddingProvider(options.embeddings),
    chatflowName: options.chatflowName ?? (() => undefined),
  };
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs changes one after another, so a slow upsert never interleaves with another change. */
  const exclusive = <T>(change: () => T | Promise<T>): Promise<T> => {
    const run = queue.then(change);
    queue = run.catch(() => {});
    return run;
  };
  const read = async <T>(answer: () => T): Promise<T> => {
    await queue;
    return answer();
  };
  const reset = () => {
    const seeded = exclusive(() => seedStores(ctx, options.seed ?? []));
    // A failed seed is reported through ready(), never as an unhandled rejection.
    seeded.catch(() => {});
    return seeded;
  };
  let ready = reset();

  return {
    createStore: (body: Record<string, unknown>) => exclusive(() => createStore(ctx, body)),
    listStores: (pagination: Pagination) => read(() => listStores(ctx, pagination)),
    getStore: (id: string) => read(() => getStore(ctx, id)),
    updateStore: (id: string, body: Record<string, unknown>) => exclusive(() => updateStore(ctx, id, body)),
    deleteStore: (id: string) => exclusive(() => deleteStore(ctx, id)),
    getChunks: (storeId: string, docId: string, pageNo: number) =>
      read(() => getChunkPage(ctx, storeId, docId, pageNo)),
    editChunk: (ids: ChunkIds, body: Record<string, unknown>) => exclusive(() => editChunk(ctx, ids, body)),
    deleteChunk: (ids: ChunkIds) => exclusive(() => deleteChunk(ctx, ids)),
    upsert: (storeId: string, fields: Record<string, unknown>, files: UploadedFile[] = []) =>
      exclusive(() => upsertDocStore(ctx, storeId, fields, files)),
    refresh: (storeId: string, body: Record<string, unknown>) =>
      exclusive(() => refreshDocStore(ctx, storeId, body)),
    query: async (body: Record<string, unknown>) => {
      await queue;
      return queryVectorStore(ctx, body);
    },
    deleteLoader: (storeId: string, loaderId: string) =>
      exclusive(() => deleteLoader(ctx, storeId, loaderId)),
    deleteVectorStoreData: (storeId: string, docId?: string) =>
      exclusive(() => deleteVectorStoreData(ctx, storeId, docId)),
    /** Drops a deleted chatflow from every store's `whereUsed`. */
    removeChatflowUsage: (chatflowId: string) => exclusive(() => removeChatflowUsage(ctx, chatflowId)),
    /** Back to the seed; resolves once the seed stores are upserted. */
    reset: () => {
      ready = reset();
      return ready;
    },
    /** Resolves once the seed (or the last reset) is in place; rejects when a seed store failed. */
    ready: () => ready,
    /** Every store (newest first) with its chunks and counts, as of now. */
    snapshot: (): DocumentStoreSnapshot[] =>
      ctx.state.list().map((entry) => ({
        store: toDto(entry.record),
        chunks: entry.record.loaders
          .flatMap((loader) => entry.chunks.get(loader.id) ?? [])
          .map((row) => ({ ...row })),
        vectors: entry.vectors.size,
        recordKeys: entry.recordManager.size,
      })),
    /** Which embedding really serves (for `tooldeck serve`). */
    describeEmbedding: () => ctx.embeddings.describe(),
  };
}

/** Addresses one chunk of one loader of one store. */
export interface ChunkIds {
  storeId: string;
  docId: string;
  chunkId: string;
}

function isProvider(value: DocumentStoreServiceOptions["embeddings"]): value is EmbeddingProvider {
  return typeof (value as EmbeddingProvider | undefined)?.embeddingsFor === "function";
}

/** Replaces every store with the seed's, each loader upserted through the real pipeline. */
async function seedStores(ctx: DocumentStoreContext, seed: readonly DocumentStoreSeed[]): Promise<void> {
  ctx.state.clear();
  for (const store of seed) {
    const tx = ctx.state.begin();
    const record: StoreRecord = {
      ...newStoreRecord(ctx, { name: store.name, description: store.description ?? null }),
      id: store.id,
      whereUsed: [...store.whereUsed],
    };
    tx.create(record);
    for (const loader of store.loaders) {
      const request = parseUpsertRequest({
        loader: loader.loader,
        splitter: loader.splitter,
        embedding: store.embedding,
        vectorStore: store.vectorStore,
        recordManager: store.recordManager,
        metadata: loader.metadata,
        loaderName: loader.loaderName,
      });
      await upsertItem(ctx, tx, store.id, { ...request, newLoaderId: loader.id }, false).catch(
        (cause: Error) => {
          throw new Error(`store "${store.name}", loader ${loader.id}: ${reasonOf(cause)}`, { cause });
        },
      );
    }
    await tx.commit();
  }
}
