import { Document } from "@langchain/core/documents";
import { parseJsonWithinDepth } from "../../../json-depth.js";
import type { StoredFile } from "../model/document-store-model.js";

/** How a loader config refers to files kept by the store, as Flowise writes it: `FILE-STORAGE::["a.txt"]`. */
export const FILE_STORAGE_PREFIX = "FILE-STORAGE::";

/** The config keys that are never file fields. */
const NON_FILE_KEYS = new Set(["metadata", "omitMetadataKeys", "text"]);

/**
 * What a loaded file's document says about its origin. Flowise hands every file (multipart upload,
 * base64 value, or re-read from storage) to its loader as a typeless Blob, and LangChain's loaders
 * describe a Blob as `{source: "blob", blobType: ""}`: the file name is not kept (Flowise 3.1.4).
 */
export const FILE_DOCUMENT_METADATA = { source: "blob", blobType: "" } as const;

/**
 * Loads the documents a loader describes, before splitting. `plainText` loads its `text`; any other
 * loader loads the text files its config refers to (one document per file, with
 * `FILE_DOCUMENT_METADATA`). Loaders that fetch from elsewhere (web scrapers, APIs, databases) are
 * refused: the emulator never reaches the network for content.
 */
export function loadDocuments(
  loaderId: string,
  config: Record<string, unknown>,
  readFile: (name: string) => StoredFile | undefined,
): Document[] {
  if (loaderId === "plainText") return [loadPlainText(config)];
  const names = referencedFiles(config);
  if (names.length === 0) {
    throw new Error(
      `Loader ${loaderId} is not supported by the emulator without files: it loads plainText (config.text) and uploaded text files`,
    );
  }
  return names.map((name) => {
    const file = readFile(name);
    if (!file) throw new Error(`File ${name} of loader ${loaderId} is not in the document store`);
    return new Document({ pageContent: file.text, metadata: { ...FILE_DOCUMENT_METADATA } });
  });
}

/** Every file name the config's file fields refer to, in field order, without repeats. */
export function referencedFiles(config: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (NON_FILE_KEYS.has(key) || typeof value !== "string" || !value.startsWith(FILE_STORAGE_PREFIX))
      continue;
    for (const name of parseFileList(value.slice(FILE_STORAGE_PREFIX.length))) {
      if (!names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** The `FILE-STORAGE::` value for a list of file names. */
export function fileStorageValue(names: readonly string[]): string {
  return `${FILE_STORAGE_PREFIX}${JSON.stringify(names)}`;
}

/**
 * Adds the loader's `metadata` to every document and drops the keys `omitMetadataKeys` lists
 * (`*` drops every key the loader and splitter set), as Flowise's loader nodes do.
 */
export function applyLoaderMetadata(documents: Document[], config: Record<string, unknown>): Document[] {
  const extra = parseMetadata(config.metadata);
  const omit = typeof config.omitMetadataKeys === "string" ? config.omitMetadataKeys : "";
  const omitted = omit
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
  return documents.map((document) => {
    const base = omit.trim() === "*" ? {} : withoutKeys(document.metadata, omitted);
    return new Document({ pageContent: document.pageContent, metadata: { ...base, ...extra } });
  });
}

function loadPlainText(config: Record<string, unknown>): Document {
  if (typeof config.text !== "string") {
    throw new Error("Loader plainText needs config.text, the text to load");
  }
  return new Document({ pageContent: config.text, metadata: {} });
}

function parseFileList(value: string): string[] {
  if (!value.startsWith("[")) return [value];
  const parsed: unknown = parseJsonWithinDepth(value);
  return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === "string") : [];
}

function parseMetadata(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null || value === "") return {};
  const parsed: unknown = typeof value === "string" ? parseJsonWithinDepth(value) : value;
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

function withoutKeys(metadata: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const copy = { ...metadata };
  for (const key of keys) delete copy[key];
  return copy;
}
