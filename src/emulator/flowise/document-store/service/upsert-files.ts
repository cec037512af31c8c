import { parseJsonWithinDepth } from "../../../json-depth.js";
import type { StoredFile } from "../model/document-store-model.js";
import { fileInputField } from "../pipeline/file-input-field.js";
import { fileStorageValue } from "../pipeline/load-documents.js";
import { fromDataUri, toStoredFile, type UploadedFile } from "../pipeline/uploaded-file.js";

/** The part of an upsert plan that files change. */
interface LoaderFields {
  loaderId: string;
  loaderConfig: Record<string, unknown>;
}

/** Uploaded files go under the loader field their extension maps to, as `FILE-STORAGE::[names]`. */
export function attachUploads(plan: LoaderFields, uploads: UploadedFile[]): StoredFile[] {
  const files = uploads.map(toStoredFile);
  const fields = new Map<string, string[]>();
  for (const file of files) {
    const field = plan.loaderId === "unstructuredFileLoader" ? "fileObject" : fileInputField(file.name);
    const names = fields.get(field) ?? [];
    if (!names.includes(file.name)) names.push(file.name);
    fields.set(field, names);
  }
  for (const [field, names] of fields) plan.loaderConfig[field] = fileStorageValue(names);
  return files;
}

/** Base64 files in the loader config (`data:…;base64,…,filename:a.txt`, alone or in a JSON array), as Flowise accepts them. */
export function attachDataUris(plan: LoaderFields): StoredFile[] {
  const files: StoredFile[] = [];
  for (const [key, value] of Object.entries(plan.loaderConfig)) {
    if (typeof value !== "string") continue;
    const uploads = dataUris(value);
    if (uploads.length === 0) continue;
    const stored = uploads.map(toStoredFile);
    files.push(...stored);
    plan.loaderConfig[key] = fileStorageValue(stored.map((file) => file.name));
  }
  return files;
}

function dataUris(value: string) {
  if (value.startsWith("[") && value.endsWith("]")) {
    try {
      const items: unknown = parseJsonWithinDepth(value);
      if (!Array.isArray(items)) return [];
      return items.flatMap((item) => (typeof item === "string" ? (fromDataUri(item) ?? []) : []));
    } catch {
      return [];
    }
  }
  const file = fromDataUri(value);
  return file ? [file] : [];
}
