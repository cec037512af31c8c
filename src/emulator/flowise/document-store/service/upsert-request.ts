import { parseJsonWithinDepth } from "../../../json-depth.js";
import type { UploadedFile } from "../pipeline/uploaded-file.js";

/** A component as an upsert names it; both parts are optional (a docId's loader fills the gaps). */
export interface ComponentChoice {
  name?: string;
  config?: Record<string, unknown>;
}

/** The fields of `POST /document-store/upsert/:id` (and of each refresh item), parsed. */
export interface UpsertRequest {
  docId?: string;
  loaderName?: string;
  loader?: ComponentChoice;
  splitter?: ComponentChoice;
  vectorStore?: ComponentChoice;
  embedding?: ComponentChoice;
  recordManager?: ComponentChoice;
  metadata: Record<string, unknown>;
  replaceExisting: boolean;
  createNewDocStore: boolean;
  docStore?: { name?: unknown; description?: unknown };
  files: UploadedFile[];
  /** Id of the loader a new upsert creates (seeding only; Flowise always generates one). */
  newLoaderId?: string;
}

const COMPONENTS = ["loader", "splitter", "vectorStore", "embedding", "recordManager"] as const;

/**
 * Reads upsert fields as Flowise's `upsertDocStore` does: objects may come as JSON strings (multipart
 * sends nothing else), booleans as "true"/"false" in any case (#4661), metadata as an object or JSON
 * string. Errors are plain messages; the caller adds Flowise's service prefix.
 */
export function parseUpsertRequest(
  fields: Record<string, unknown>,
  files: UploadedFile[] = [],
): UpsertRequest {
  const request: UpsertRequest = {
    metadata: parseMetadata(fields.metadata),
    replaceExisting: parseFlag(fields.replaceExisting),
    createNewDocStore: parseFlag(fields.createNewDocStore),
    files,
  };
  for (const key of COMPONENTS) {
    const choice = parseComponent(key, fields[key]);
    if (choice) request[key] = choice;
  }
  const docId = optionalString("docId", fields.docId);
  if (docId) request.docId = docId;
  const loaderName = optionalString("loaderName", fields.loaderName);
  if (loaderName) request.loaderName = loaderName;
  const docStore = parseJsonField("docStore", fields.docStore);
  if (docStore !== undefined && docStore !== null) {
    if (typeof docStore !== "object" || Array.isArray(docStore))
      throw new Error("docStore must be an object {name, description}");
    request.docStore = docStore as { name?: unknown; description?: unknown };
  }
  return request;
}

/** Flowise: a string is true only when it reads "true" (any case); any other value by its truthiness. */
export function parseFlag(value: unknown): boolean {
  return typeof value === "string" ? value.toLowerCase() === "true" : Boolean(value);
}

function parseMetadata(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null || value === "") return {};
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = parseJsonWithinDepth(value);
    } catch {
      throw new Error("Error: Invalid metadata");
    }
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error("Error: Invalid metadata");
  return parsed as Record<string, unknown>;
}

function parseComponent(key: string, value: unknown): ComponentChoice | undefined {
  const parsed = parseJsonField(key, value);
  if (parsed === undefined || parsed === null) return undefined;
  if (typeof parsed !== "object" || Array.isArray(parsed))
    throw new Error(`${key} must be an object {name, config}`);
  const { name, config } = parsed as { name?: unknown; config?: unknown };
  if (name !== undefined && typeof name !== "string") throw new Error(`${key}.name must be a string`);
  if (config !== undefined && (typeof config !== "object" || config === null || Array.isArray(config))) {
    throw new Error(`${key}.config must be an object`);
  }
  return { ...(name ? { name } : {}), ...(config ? { config: config as Record<string, unknown> } : {}) };
}

function parseJsonField(key: string, value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return undefined;
  try {
    return parseJsonWithinDepth(value);
  } catch (cause) {
    throw new Error(`${key} is not valid JSON: ${(cause as Error).message}`);
  }
}

function optionalString(key: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw new Error(`${key} must be a string`);
  return value;
}
