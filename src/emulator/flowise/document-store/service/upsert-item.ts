import { Document } from "@langchain/core/documents";
import type { ChunkRow, ComponentConfig, Loader, StoredFile } from "../model/document-store-model.js";
import { componentLabel } from "../pipeline/component-labels.js";
import { referencedFiles } from "../pipeline/load-documents.js";
import { type IndexResult, indexDocuments } from "../vector-store/index-documents.js";
import type { StoreDraft, Transaction } from "./document-store-state.js";
import { loadAndSplit, saveProcessingLoader, unknownStore } from "./processing-loader.js";
import type { DocumentStoreContext } from "./service-context.js";
import { newStoreRecord } from "./store-crud.js";
import { attachDataUris, attachUploads } from "./upsert-files.js";
import type { ComponentChoice, UpsertRequest } from "./upsert-request.js";

/** What one upsert answers: the indexing result and the loader it wrote. */
export type UpsertOutcome = IndexResult & { docId: string };

/** A loader and the store's components, as an upsert resolves them before processing. */
interface UpsertPlan {
  loaderId: string;
  loaderName: string;
  loaderConfig: Record<string, unknown>;
  splitterId: string;
  splitterName: string;
  splitterConfig: Record<string, unknown>;
  vectorStore: { name: string; config: Record<string, unknown> };
  embedding: { name: string; config: Record<string, unknown> };
  recordManager: { name: string; config: Record<string, unknown> };
}

/**
 * One upsert, in Flowise 3.1's order: reuse the docId loader's config → optionally create a new store
 * → overlay the request → map files to loader fields → require loader, vector store and embedding →
 * save the loader as SYNCING → load and split → replace the loader's chunks → index into the vector
 * store → UPSERTED. Everything is written to drafts of `tx`; the caller commits (also after a
 * `LoaderProcessingError`, which Flowise leaves with the loader SYNCING).
 */
export async function upsertItem(
  ctx: DocumentStoreContext,
  tx: Transaction,
  storeId: string,
  request: UpsertRequest,
  isRefresh: boolean,
): Promise<UpsertOutcome> {
  const base = request.docId ? planFromLoader(tx, storeId, request.docId) : emptyPlan();
  const created = request.createNewDocStore
    ? tx.create(newStoreRecord(ctx, newStoreFields(ctx, request)))
    : undefined;
  const plan = overlay(base, request);
  const uploads = attachUploads(plan, request.files);
  if (Object.keys(request.metadata).length > 0) plan.loaderConfig.metadata = request.metadata;
  verify(plan);
  const target = created ?? tx.read(storeId);
  if (!target) throw unknownStore(storeId);
  uploads.push(...attachDataUris(plan));
  for (const file of uploads) target.files.set(file.name, file);

  const loaderId =
    (isRefresh || request.replaceExisting) && request.docId
      ? request.docId
      : (request.newLoaderId ?? ctx.randomId());
  saveProcessingLoader(ctx, target, plan, loaderId);
  const documents = await loadAndSplit(plan, target);
  const rows: ChunkRow[] = documents.map((document, index) => ({
    id: ctx.randomId(),
    docId: loaderId,
    storeId: target.record.id,
    chunkNo: index + 1,
    pageContent: document.pageContent,
    metadata: JSON.stringify(document.metadata),
  }));
  writeLoader(ctx, target, plan, loaderId, rows);
  return { ...(await indexRows(ctx, target, plan, rows)), docId: loaderId };
}

/** The chunks, embedded and indexed into the store's vectors, through its record manager when the upsert names one. */
async function indexRows(
  ctx: DocumentStoreContext,
  target: StoreDraft,
  plan: UpsertPlan,
  rows: ChunkRow[],
): Promise<IndexResult> {
  const embeddings = await ctx.embeddings.embeddingsFor(plan.embedding);
  const vectorDocs = rows.map(
    (row) =>
      new Document({
        pageContent: row.pageContent,
        metadata: { ...JSON.parse(row.metadata), docId: row.docId },
      }),
  );
  const recordManager = plan.recordManager.name
    ? { manager: target.recordManager, settings: plan.recordManager.config }
    : undefined;
  return indexDocuments(vectorDocs, target.staged(embeddings), recordManager);
}

function emptyPlan(): UpsertPlan {
  const none = { name: "", config: {} };
  return {
    loaderId: "",
    loaderName: "",
    loaderConfig: {},
    splitterId: "",
    splitterName: "",
    splitterConfig: {},
    vectorStore: none,
    embedding: none,
    recordManager: none,
  };
}

function planFromLoader(tx: Transaction, storeId: string, docId: string): UpsertPlan {
  const store = tx.read(storeId);
  if (!store) throw new Error(`Document store ${storeId} not found`);
  const loader = store.record.loaders.find((item) => item.id === docId);
  if (!loader) throw new Error(`Document loader ${docId} not found`);
  return {
    loaderId: loader.loaderId,
    loaderName: loader.loaderName,
    loaderConfig: structuredClone(loader.loaderConfig),
    splitterId: loader.splitterId ?? "",
    splitterName: loader.splitterName ?? "",
    splitterConfig: structuredClone(loader.splitterConfig ?? {}),
    vectorStore: fromConfig(store.record.vectorStoreConfig),
    embedding: fromConfig(store.record.embeddingConfig),
    recordManager: fromConfig(store.record.recordManagerConfig),
  };
}

function fromConfig(config: ComponentConfig | null) {
  return { name: config?.name ?? "", config: structuredClone(config?.config ?? {}) };
}

function newStoreFields(ctx: DocumentStoreContext, request: UpsertRequest) {
  const name = request.docStore?.name;
  const description = request.docStore?.description;
  return {
    name: typeof name === "string" ? name : `Document Store ${ctx.now().getTime()}`,
    description: typeof description === "string" ? description : null,
  };
}

function overlay(plan: UpsertPlan, request: UpsertRequest): UpsertPlan {
  const loader = request.loader;
  const splitter = request.splitter;
  return {
    loaderId: loader?.name || plan.loaderId,
    loaderName: request.loaderName || (loader?.name ? componentLabel(loader.name) : plan.loaderName),
    loaderConfig: { ...plan.loaderConfig, ...loader?.config },
    splitterId: splitter?.name || plan.splitterId,
    splitterName: splitter?.name ? componentLabel(splitter.name) : plan.splitterName,
    splitterConfig: { ...plan.splitterConfig, ...splitter?.config },
    vectorStore: overlayComponent(plan.vectorStore, request.vectorStore),
    embedding: overlayComponent(plan.embedding, request.embedding),
    recordManager: overlayComponent(plan.recordManager, request.recordManager),
  };
}

function overlayComponent(base: UpsertPlan["embedding"], choice: ComponentChoice | undefined) {
  return { name: choice?.name || base.name, config: { ...base.config, ...choice?.config } };
}

function verify(plan: UpsertPlan): void {
  if (!plan.loaderName || !plan.loaderId) throw new Error("Loader not configured");
  if (!plan.vectorStore.name) throw new Error("Vector store not configured");
  if (!plan.embedding.name) throw new Error("Embedding not configured");
}

/**
 * The loader with its new chunks, totals and files goes to the END of the store's loaders (Flowise
 * splices a reprocessed loader out and pushes it back); the store takes the request's components and
 * ends UPSERTED. A store without a record manager in the request keeps the one it had.
 */
function writeLoader(
  ctx: DocumentStoreContext,
  target: StoreDraft,
  plan: UpsertPlan,
  loaderId: string,
  rows: ChunkRow[],
) {
  const record = target.record;
  const found = record.loaders.find((item) => item.id === loaderId);
  const names = referencedFiles(plan.loaderConfig);
  const at = ctx.now().toISOString();
  const loader: Loader = {
    ...(found ?? {}),
    id: loaderId,
    loaderId: plan.loaderId,
    loaderName: plan.loaderName,
    loaderConfig: plan.loaderConfig,
    splitterId: plan.splitterId,
    splitterName: plan.splitterName,
    splitterConfig: plan.splitterConfig,
    totalChunks: rows.length,
    totalChars: rows.reduce((sum, row) => sum + row.pageContent.length, 0),
    status: "SYNC",
    ...(names.length > 0
      ? { files: names.map((name) => loaderFile(ctx, target.files.get(name), name, at)) }
      : {}),
  };
  record.loaders = [...record.loaders.filter((item) => item.id !== loaderId), loader];
  record.vectorStoreConfig = { config: plan.vectorStore.config, name: plan.vectorStore.name };
  record.embeddingConfig = { config: plan.embedding.config, name: plan.embedding.name };
  if (plan.recordManager.name) {
    record.recordManagerConfig = { config: plan.recordManager.config, name: plan.recordManager.name };
  }
  record.status = "UPSERTED";
  record.updatedDate = at;
  target.chunks.set(loaderId, rows);
  dropUnreferencedFiles(target);
}

function loaderFile(ctx: DocumentStoreContext, file: StoredFile | undefined, name: string, at: string) {
  return {
    id: ctx.randomId(),
    name,
    mimePrefix: file?.mimeType ?? "",
    size: file?.size ?? 0,
    status: "NEW",
    uploaded: at,
  };
}

/** Files no loader refers to any more are removed, as Flowise removes a replaced loader's files. */
export function dropUnreferencedFiles(target: Pick<StoreDraft, "record" | "files">): void {
  const used = new Set(target.record.loaders.flatMap((loader) => referencedFiles(loader.loaderConfig)));
  for (const name of [...target.files.keys()]) if (!used.has(name)) target.files.delete(name);
}
