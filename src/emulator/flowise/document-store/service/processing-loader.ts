import type { Document } from "@langchain/core/documents";
import { type LoaderPlan, produceChunks } from "../pipeline/produce-chunks.js";
import type { StoreDraft } from "./document-store-state.js";
import { LoaderProcessingError, NestedServiceError, reasonOf } from "./nested-service-error.js";
import type { DocumentStoreContext } from "./service-context.js";

/** A loader as an upsert resolved it, before it is processed. */
export interface ProcessingPlan extends LoaderPlan {
  loaderName: string;
  splitterId: string;
  splitterName: string;
  splitterConfig: Record<string, unknown>;
}

/**
 * Flowise's `saveProcessingLoader`: before anything is loaded, the loader is written as SYNCING with no
 * chunks. A loader being re-processed keeps its place and its other fields; a new one goes last.
 */
export function saveProcessingLoader(
  ctx: DocumentStoreContext,
  target: StoreDraft,
  plan: ProcessingPlan,
  loaderId: string,
): void {
  const processing = {
    loaderId: plan.loaderId,
    loaderName: plan.loaderName,
    loaderConfig: structuredClone(plan.loaderConfig),
    splitterId: plan.splitterId,
    splitterName: plan.splitterName,
    splitterConfig: structuredClone(plan.splitterConfig),
    totalChunks: 0,
    totalChars: 0,
    status: "SYNCING",
  };
  const record = target.record;
  record.loaders = record.loaders.some((item) => item.id === loaderId)
    ? record.loaders.map((item) => (item.id === loaderId ? { ...item, ...processing } : item))
    : [...record.loaders, { id: loaderId, ...processing }];
  record.updatedDate = ctx.now().toISOString();
}

/**
 * The store was not there when the processing loader was to be saved: `saveProcessingLoader` wraps
 * its own "not found", wraps that again in its catch, and `upsertDocStore` wraps it (Flowise 3.1.4).
 */
export function unknownStore(storeId: string): NestedServiceError {
  return new NestedServiceError(
    ["upsertDocStore", "saveProcessingLoader", "saveProcessingLoader"],
    `Document store ${storeId} not found`,
  );
}

/**
 * Load → split → metadata. A failure there is the loader's or splitter's node failing inside Flowise's
 * `splitIntoChunks`, nested as Flowise nests it; the SYNCING loader saved before stays.
 */
export async function loadAndSplit(plan: ProcessingPlan, target: StoreDraft): Promise<Document[]> {
  try {
    return await produceChunks(plan, (name) => target.files.get(name));
  } catch (error) {
    throw new LoaderProcessingError(reasonOf(error), { cause: error });
  }
}
