import type { ComponentConfig, Loader, StoreRecord } from "./document-store-model.js";

/** A chatflow that uses a store, as `GET /document-store/store/:id` names it. */
export interface WhereUsedFlow {
  id: string;
  name: string;
}

const FILE_LOADERS = new Set([
  "pdfFile",
  "docxFile",
  "jsonFile",
  "csvFile",
  "file",
  "jsonlinesFile",
  "txtFile",
]);
const WEB_LOADERS = new Set(["cheerioWebScraper", "playwrightWebScraper", "puppeteerWebScraper"]);

/** What a loader read, as Flowise's `addLoaderSource` words it: file names, a URL, or "None". */
export function loaderSource(loader: Loader): string {
  const config = loader.loaderConfig;
  if (FILE_LOADERS.has(loader.loaderId)) {
    const files = config[loader.loaderId];
    return (typeof files === "string" && files.replace("FILE-STORAGE::", "")) || "None";
  }
  if (loader.loaderId === "apiLoader") return `${String(config.url)} (${String(config.method)})`;
  if (WEB_LOADERS.has(loader.loaderId))
    return typeof config.url === "string" && config.url ? config.url : "None";
  if (loader.loaderId === "unstructuredFileLoader") {
    const file = config.fileObject;
    if (typeof file === "string" && file) return file.replace("FILE-STORAGE::", "");
    return typeof config.filePath === "string" && config.filePath ? config.filePath : "None";
  }
  return "None";
}

/**
 * The entity as Flowise's database returns it, JSON columns as strings: what
 * `POST /document-store/store` answers.
 */
export function toRawEntity(record: StoreRecord) {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    loaders: JSON.stringify(record.loaders),
    whereUsed: JSON.stringify(record.whereUsed),
    createdDate: record.createdDate,
    updatedDate: record.updatedDate,
    status: record.status,
    vectorStoreConfig: configString(record.vectorStoreConfig),
    embeddingConfig: configString(record.embeddingConfig),
    recordManagerConfig: configString(record.recordManagerConfig),
    workspaceId: record.workspaceId,
  };
}

/**
 * Flowise's `DocumentStoreDTO.fromEntity`: JSON columns parsed, `source` added to each loader,
 * totals summed over loaders, and the status reported as STALE while any loader is not SYNC.
 * `whereUsed` is the id list unless the caller resolved it to named flows (GET by id does).
 */
export function toDto(record: StoreRecord, whereUsed: string[] | WhereUsedFlow[] = record.whereUsed) {
  const loaders = record.loaders.map((loader) => ({
    ...structuredClone(loader),
    source: loaderSource(loader),
  }));
  const stale = record.loaders.some((loader) => loader.status !== "SYNC");
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    loaders,
    whereUsed: structuredClone(whereUsed),
    createdDate: record.createdDate,
    updatedDate: record.updatedDate,
    status: stale ? "STALE" : record.status,
    vectorStoreConfig: structuredClone(record.vectorStoreConfig),
    embeddingConfig: structuredClone(record.embeddingConfig),
    recordManagerConfig: structuredClone(record.recordManagerConfig),
    workspaceId: record.workspaceId,
    totalChars: record.loaders.reduce((sum, loader) => sum + (loader.totalChars || 0), 0),
    totalChunks: record.loaders.reduce((sum, loader) => sum + (loader.totalChunks || 0), 0),
  };
}

export type DocumentStoreDto = ReturnType<typeof toDto>;
export type RawDocumentStore = ReturnType<typeof toRawEntity>;

function configString(config: ComponentConfig | null): string | null {
  return config ? JSON.stringify(config) : null;
}
