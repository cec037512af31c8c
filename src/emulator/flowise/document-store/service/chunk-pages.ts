import type { ChunkRow, Loader } from "../model/document-store-model.js";
import type { StoreEntry } from "./document-store-state.js";
import { asServiceSync, type DocumentStoreContext } from "./service-context.js";

/** Flowise pages chunks by 50. */
export const CHUNK_PAGE_SIZE = 50;

/** The answer of the chunk routes: one page of chunks with the store and loader they belong to. */
export interface ChunkPage {
  chunks: ChunkRow[];
  count: number;
  file?: Loader;
  currentPage: number;
  storeName: string;
  description: string | null;
  workspaceId: string;
  docId: string;
  characters: number;
}

/**
 * `GET /document-store/chunks/:storeId/:loaderId/:pageNo`: 50 chunks a page, 1-based, by chunkNo;
 * loader `all` pages every chunk of the store. Unknown ids fail with Flowise's doubly nested 500.
 */
export function getChunkPage(
  ctx: DocumentStoreContext,
  storeId: string,
  docId: string,
  pageNo: number,
): ChunkPage {
  return asServiceSync("getDocumentStoreFileChunks", () =>
    chunkPage(ctx.state.get(storeId), storeId, docId, pageNo),
  );
}

/** `PUT /document-store/chunks/:storeId/:loaderId/:chunkId`: new text and metadata; page 1 of the loader. */
export function editChunk(
  ctx: DocumentStoreContext,
  ids: { storeId: string; docId: string; chunkId: string },
  body: Record<string, unknown>,
): ChunkPage {
  return asServiceSync("editDocumentStoreFileChunk", () => {
    const { entry, loader, chunk } = findChunk(ctx, ids);
    if (typeof body.pageContent !== "string") throw new Error("pageContent must be a string");
    const pageContent = body.pageContent;
    const edited: ChunkRow = { ...chunk, pageContent, metadata: JSON.stringify(body.metadata ?? {}) };
    const rows = (entry.chunks.get(ids.docId) ?? []).map((row) => (row.id === chunk.id ? edited : row));
    const loaders = entry.record.loaders.map((item) =>
      item === loader
        ? { ...item, totalChars: item.totalChars - chunk.pageContent.length + pageContent.length }
        : item,
    );
    save(ctx, entry, loaders, ids.docId, rows);
    return chunkPage(ctx.state.get(ids.storeId), ids.storeId, ids.docId, 1);
  });
}

/** `DELETE /document-store/chunks/:storeId/:loaderId/:chunkId`: totals decremented; page 1 of the loader. */
export function deleteChunk(
  ctx: DocumentStoreContext,
  ids: { storeId: string; docId: string; chunkId: string },
): ChunkPage {
  return asServiceSync("deleteDocumentStoreFileChunk", () => {
    const { entry, loader, chunk } = findChunk(ctx, ids);
    const rows = (entry.chunks.get(ids.docId) ?? []).filter((row) => row.id !== chunk.id);
    const loaders = entry.record.loaders.map((item) =>
      item === loader
        ? {
            ...item,
            totalChunks: item.totalChunks - 1,
            totalChars: item.totalChars - chunk.pageContent.length,
          }
        : item,
    );
    save(ctx, entry, loaders, ids.docId, rows);
    return chunkPage(ctx.state.get(ids.storeId), ids.storeId, ids.docId, 1);
  });
}

function chunkPage(entry: StoreEntry | undefined, storeId: string, docId: string, pageNo: number): ChunkPage {
  if (!entry)
    throw new Error(
      `Error: documentStoreServices.getDocumentStoreById - Document store ${storeId} not found`,
    );
  const { record } = entry;
  const loader = docId === "all" ? undefined : record.loaders.find((item) => item.id === docId);
  if (docId !== "all" && !loader) {
    throw new Error(`Error: documentStoreServices.getDocumentStoreById - Document loader ${docId} not found`);
  }
  const rows = docId === "all" ? allChunks(entry) : (entry.chunks.get(docId) ?? []);
  const start = (pageNo - 1) * CHUNK_PAGE_SIZE;
  return {
    chunks: rows.slice(Math.max(start, 0), Math.max(start + CHUNK_PAGE_SIZE, 0)).map((row) => ({ ...row })),
    count: rows.length,
    // Flowise reports the loader with the store's status, not its own.
    ...(loader ? { file: { ...structuredClone(loader), id: docId, status: record.status } } : {}),
    currentPage: pageNo,
    storeName: record.name,
    description: record.description,
    workspaceId: record.workspaceId,
    docId,
    characters: loader
      ? loader.totalChars || 0
      : record.loaders.reduce((sum, item) => sum + (item.totalChars || 0), 0),
  };
}

/** Every chunk of the store by chunkNo; equal numbers keep loader order (the sort is stable). */
function allChunks(entry: StoreEntry): ChunkRow[] {
  const rows = entry.record.loaders.flatMap((loader) => entry.chunks.get(loader.id) ?? []);
  return rows.sort((a, b) => a.chunkNo - b.chunkNo);
}

function findChunk(ctx: DocumentStoreContext, ids: { storeId: string; docId: string; chunkId: string }) {
  const entry = ctx.state.get(ids.storeId);
  if (!entry) throw new Error(`Document store ${ids.storeId} not found`);
  const loader = entry.record.loaders.find((item) => item.id === ids.docId);
  if (!loader) throw new Error(`Document store loader ${ids.docId} not found`);
  const chunk = entry.chunks.get(ids.docId)?.find((row) => row.id === ids.chunkId);
  if (!chunk) throw new Error(`Document Chunk ${ids.chunkId} not found`);
  return { entry, loader, chunk };
}

function save(
  ctx: DocumentStoreContext,
  entry: StoreEntry,
  loaders: Loader[],
  docId: string,
  rows: ChunkRow[],
): void {
  const chunks = new Map(entry.chunks).set(docId, rows);
  const record = { ...entry.record, loaders, updatedDate: ctx.now().toISOString() };
  ctx.state.put({ ...entry, record, chunks });
}
