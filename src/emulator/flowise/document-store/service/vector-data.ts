import { type DocumentStoreDto, toDto } from "../model/document-store-dto.js";
import { asService, asServiceSync, type DocumentStoreContext } from "./service-context.js";
import { dropUnreferencedFiles } from "./upsert-item.js";

/**
 * `DELETE /document-store/loader/:storeId/:loaderId`: the loader, its chunks and its files go; its
 * vectors stay in the vector store (Flowise leaves them). Answers the DTO.
 */
export function deleteLoader(ctx: DocumentStoreContext, storeId: string, loaderId: string): DocumentStoreDto {
  return asServiceSync("deleteLoaderFromDocumentStore", () => {
    const entry = ctx.state.get(storeId);
    if (!entry) {
      // Flowise throws this already prefixed inside the function that prefixes again.
      throw new Error(
        `Error: documentStoreServices.deleteLoaderFromDocumentStore - Document store ${storeId} not found`,
      );
    }
    if (!entry.record.loaders.some((loader) => loader.id === loaderId)) {
      throw new Error(`Unable to locate loader in Document Store ${entry.record.name}`);
    }
    const record = {
      ...entry.record,
      loaders: entry.record.loaders.filter((loader) => loader.id !== loaderId),
      updatedDate: ctx.now().toISOString(),
    };
    const chunks = new Map(entry.chunks);
    chunks.delete(loaderId);
    const files = new Map(entry.files);
    dropUnreferencedFiles({ record, files });
    ctx.state.put({ ...entry, record, chunks, files });
    return toDto(record);
  });
}

/**
 * `DELETE /document-store/vectorstore/:id[?docId=]`: removes from the vector store exactly the vectors
 * the store's record manager inserted (only those of loader `docId` when given), and their keys.
 * Needs embedding, vector store and record manager configs, as Flowise does.
 */
export function deleteVectorStoreData(
  ctx: DocumentStoreContext,
  storeId: string,
  docId?: string,
): Promise<void> {
  return asService("deleteVectorStoreFromStore", async () => {
    const entry = ctx.state.get(storeId);
    if (!entry) throw new Error(`Document store ${storeId} not found`);
    if (!entry.record.embeddingConfig) throw new Error(`Embedding for Document store ${storeId} not found`);
    if (!entry.record.vectorStoreConfig)
      throw new Error(`Vector Store for Document store ${storeId} not found`);
    if (!entry.record.recordManagerConfig) {
      throw new Error(
        `Record Manager for Document Store ${storeId} is needed to delete data from Vector Store`,
      );
    }
    const keys = (await entry.recordManager.listKeys()).filter(
      (key) => docId === undefined || entry.vectors.get(key)?.metadata.docId === docId,
    );
    await entry.vectors.delete({ ids: keys });
    await entry.recordManager.deleteKeys(keys);
  });
}
