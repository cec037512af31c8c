import type { Document } from "@langchain/core/documents";
import type { StoredFile } from "../model/document-store-model.js";
import { applyLoaderMetadata, loadDocuments } from "./load-documents.js";
import { createSplitter, splitDocuments } from "./split-documents.js";

/** What a loader is: the loader component and its config, and the splitter with its config. */
export interface LoaderPlan {
  loaderId: string;
  loaderConfig: Record<string, unknown>;
  splitterId?: string | undefined;
  splitterConfig?: Record<string, unknown> | undefined;
}

/**
 * Load → split → metadata: the chunks a loader produces, as Flowise's `previewChunks` computes them
 * (NUL characters removed, as Flowise does before saving chunks).
 */
export async function produceChunks(
  plan: LoaderPlan,
  readFile: (name: string) => StoredFile | undefined,
): Promise<Document[]> {
  const splitter = createSplitter(plan.splitterId, plan.splitterConfig);
  const loaded = loadDocuments(plan.loaderId, plan.loaderConfig, readFile);
  const split = await splitDocuments(loaded, splitter);
  const chunks = applyLoaderMetadata(split, plan.loaderConfig);
  for (const chunk of chunks) chunk.pageContent = chunk.pageContent.replaceAll("\u0000", "");
  return chunks;
}
