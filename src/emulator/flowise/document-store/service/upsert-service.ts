import type { UploadedFile } from "../pipeline/uploaded-file.js";
import { LoaderProcessingError } from "./nested-service-error.js";
import { asService, type DocumentStoreContext } from "./service-context.js";
import { type UpsertOutcome, upsertItem } from "./upsert-item.js";
import { parseUpsertRequest } from "./upsert-request.js";

/**
 * `POST /document-store/upsert/:id`: one upsert, all or nothing, except that a loader or splitter that
 * fails leaves its loader saved as SYNCING (with no chunks, the store reported STALE), as Flowise does.
 * Every failure is Flowise's `Error: documentStoreServices.upsertDocStoreMiddleware - <message>` (500).
 */
export function upsertDocStore(
  ctx: DocumentStoreContext,
  storeId: string,
  fields: Record<string, unknown>,
  files: UploadedFile[] = [],
): Promise<UpsertOutcome> {
  return asService("upsertDocStoreMiddleware", async () => {
    const request = parseUpsertRequest(fields, files);
    const tx = ctx.state.begin();
    try {
      const result = await upsertItem(ctx, tx, storeId, request, false);
      await tx.commit();
      return result;
    } catch (error) {
      // Flowise had saved the loader as SYNCING before loading it, and leaves it so (3.1.4).
      if (error instanceof LoaderProcessingError) await tx.commit();
      throw error;
    }
  });
}

/**
 * `POST /document-store/refresh/:id`: every loader re-processed in place (or the given `items`, each an
 * upsert body with a `docId`), in order; an array of upsert results. All items or none are applied
 * (Flowise keeps the items before a failure and leaves the failed loader SYNCING).
 */
export function refreshDocStore(
  ctx: DocumentStoreContext,
  storeId: string,
  body: Record<string, unknown>,
): Promise<UpsertOutcome[]> {
  return asService("refreshDocStoreMiddleware", async () => {
    const items = refreshItems(ctx, storeId, body.items);
    const tx = ctx.state.begin();
    const results: UpsertOutcome[] = [];
    for (const item of items)
      results.push(await upsertItem(ctx, tx, storeId, parseUpsertRequest(item), true));
    await tx.commit();
    return results;
  });
}

function refreshItems(ctx: DocumentStoreContext, storeId: string, items: unknown): Record<string, unknown>[] {
  if (items !== undefined && items !== null && !Array.isArray(items))
    throw new Error("items must be an array");
  if (Array.isArray(items) && items.length > 0) {
    return items.map((item, index) => {
      if (typeof item !== "object" || item === null || Array.isArray(item))
        throw new Error(`items[${index}] must be an object`);
      return item as Record<string, unknown>;
    });
  }
  const entry = ctx.state.get(storeId);
  if (!entry) throw new Error(`Document store ${storeId} not found`);
  return entry.record.loaders.map((loader) => ({ docId: loader.id }));
}
