import { z } from "zod";

/** Flowise 3.1's `DocumentStoreStatus` values (reference/flowise-api.md, "Document stores"). */
export const DocumentStoreStatusSchema = z.enum([
  "EMPTY",
  "SYNC",
  "SYNCING",
  "STALE",
  "NEW",
  "UPSERTING",
  "UPSERTED",
]);
export type DocumentStoreStatus = z.infer<typeof DocumentStoreStatusSchema>;

const ConfigObjectSchema = z.record(z.string(), z.unknown());

/** A component choice as a store keeps it: `{"config": {…}, "name": "faiss"}`; any name is accepted. */
export const ComponentConfigSchema = z
  .object({ config: ConfigObjectSchema.default({}), name: z.string().min(1) })
  .loose();
export type ComponentConfig = z.infer<typeof ComponentConfigSchema>;

/** A file a loader read, as Flowise lists it on the loader. */
export const LoaderFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mimePrefix: z.string(),
    size: z.number(),
    status: z.string(),
    uploaded: z.string(),
  })
  .loose();
export type LoaderFile = z.infer<typeof LoaderFileSchema>;

/** A loader of a store: which component loaded what, how it was split, and what that produced. */
export const LoaderSchema = z
  .object({
    id: z.string().min(1),
    loaderId: z.string().default(""),
    loaderName: z.string().default(""),
    loaderConfig: ConfigObjectSchema.default({}),
    splitterId: z.string().optional(),
    splitterName: z.string().optional(),
    splitterConfig: ConfigObjectSchema.optional(),
    totalChunks: z.number().default(0),
    totalChars: z.number().default(0),
    status: z.string().default("SYNC"),
    files: z.array(LoaderFileSchema).optional(),
  })
  .loose();
export type Loader = z.infer<typeof LoaderSchema>;

/** A document store as the emulator keeps it: Flowise's entity with its JSON-string columns parsed. */
export interface StoreRecord {
  id: string;
  name: string;
  description: string | null;
  loaders: Loader[];
  whereUsed: string[];
  status: DocumentStoreStatus;
  vectorStoreConfig: ComponentConfig | null;
  embeddingConfig: ComponentConfig | null;
  recordManagerConfig: ComponentConfig | null;
  createdDate: string;
  updatedDate: string;
  workspaceId: string;
}

/** A chunk row, as Flowise's `document_store_file_chunk` table holds it (metadata is a JSON string). */
export interface ChunkRow {
  id: string;
  docId: string;
  storeId: string;
  chunkNo: number;
  pageContent: string;
  metadata: string;
}

/** A file uploaded to a store, kept as the text the loaders read. */
export interface StoredFile {
  name: string;
  mimeType: string;
  size: number;
  text: string;
}
