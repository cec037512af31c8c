import { z } from "zod";
import { parseJsonWithinDepth } from "../../../json-depth.js";
import { FlowiseApiError } from "../../flowise-api-error.js";
import type { Pagination } from "../../pagination.js";
import { paginate } from "../../pagination.js";
import {
  type DocumentStoreDto,
  type RawDocumentStore,
  toDto,
  toRawEntity,
} from "../model/document-store-dto.js";
import { ComponentConfigSchema, LoaderSchema, type StoreRecord } from "../model/document-store-model.js";
import type { DocumentStoreState, StoreEntry } from "./document-store-state.js";
import { asServiceSync, type DocumentStoreContext } from "./service-context.js";

/** A new store record as Flowise's `DocumentStoreDTO.toEntity` makes one: no loaders, unused, EMPTY. */
export function newStoreRecord(
  ctx: DocumentStoreContext,
  fields: { name: string; description: string | null },
): StoreRecord {
  const at = ctx.now().toISOString();
  return {
    id: ctx.randomId(),
    name: fields.name,
    description: fields.description,
    loaders: [],
    whereUsed: [],
    status: "EMPTY",
    vectorStoreConfig: null,
    embeddingConfig: null,
    recordManagerConfig: null,
    createdDate: at,
    updatedDate: at,
    workspaceId: ctx.workspaceId,
  };
}

/** `POST /document-store/store`: the raw entity. A missing name fails as SQLite's NOT NULL does. */
export function createStore(ctx: DocumentStoreContext, body: Record<string, unknown>): RawDocumentStore {
  const record = asServiceSync("createDocumentStore", () =>
    newStoreRecord(ctx, {
      name: requiredName(body.name),
      description: optionalText("description", body.description),
    }),
  );
  ctx.state.put(ctx.state.newEntry(record));
  return toRawEntity(record);
}

/** `GET /document-store/store`: DTOs newest first; `{total, data}` with `?page&limit`. */
export function listStores(ctx: DocumentStoreContext, pagination: Pagination) {
  const page = paginate(ctx.state.list(), pagination);
  return Array.isArray(page)
    ? page.map((entry) => toDto(entry.record))
    : { total: page.total, data: page.data.map((entry) => toDto(entry.record)) };
}

/** `GET /document-store/store/:id`: the DTO with `whereUsed` as `[{id, name}]` of flows that exist. */
export function getStore(ctx: DocumentStoreContext, id: string): DocumentStoreDto {
  const { record } = findStore(ctx.state, id);
  const flows = record.whereUsed.flatMap((flowId) => {
    const name = ctx.chatflowName(flowId);
    return name === undefined ? [] : [{ id: flowId, name }];
  });
  return toDto(record, flows);
}

const UpdateSchema = z.object({
  name: z.string().optional(),
  description: z.string().nullable().optional(),
  vectorStoreConfig: ComponentConfigSchema.nullable().optional(),
  embeddingConfig: ComponentConfigSchema.nullable().optional(),
  recordManagerConfig: ComponentConfigSchema.nullable().optional(),
  loaders: z.array(LoaderSchema).optional(),
  whereUsed: z.array(z.string()).optional(),
});

const JSON_COLUMNS = [
  "vectorStoreConfig",
  "embeddingConfig",
  "recordManagerConfig",
  "loaders",
  "whereUsed",
] as const;

/**
 * `PUT /document-store/store/:id`: copies only the fields present among name, description, the three
 * configs, loaders and whereUsed (JSON columns as strings or as JSON), and answers the DTO. A value
 * Flowise would store but then fail to read back is refused here, before anything is written.
 */
export function updateStore(
  ctx: DocumentStoreContext,
  id: string,
  body: Record<string, unknown>,
): DocumentStoreDto {
  const entry = findStore(ctx.state, id);
  const update = asServiceSync("updateDocumentStore", () => parseUpdate(body));
  const record: StoreRecord = { ...entry.record, updatedDate: ctx.now().toISOString() };
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined) Object.assign(record, { [key]: value });
  }
  ctx.state.put({ ...entry, record });
  return toDto(record);
}

/** `DELETE /document-store/store/:id`: the store, its chunks, files and vectors; `{"deleted": 1}`. */
export function deleteStore(ctx: DocumentStoreContext, id: string): { deleted: number } {
  if (!ctx.state.delete(id)) {
    throw new FlowiseApiError(
      500,
      `Error: documentStoreServices.deleteDocumentStore - Document store ${id} not found`,
    );
  }
  return { deleted: 1 };
}

/** Drops a deleted chatflow from every store's `whereUsed`, as Flowise's `deleteChatflow` does. */
export function removeChatflowUsage(ctx: DocumentStoreContext, chatflowId: string): void {
  for (const entry of ctx.state.list()) {
    if (!entry.record.whereUsed.includes(chatflowId)) continue;
    const whereUsed = entry.record.whereUsed.filter((flowId) => flowId !== chatflowId);
    ctx.state.put({ ...entry, record: { ...entry.record, whereUsed, updatedDate: ctx.now().toISOString() } });
  }
}

/** The store for GET and PUT: unknown is 404 `Error: documentStoreServices.getDocumentStoreById - …`. */
export function findStore(state: DocumentStoreState, id: string): StoreEntry {
  const entry = state.get(id);
  if (!entry) {
    throw new FlowiseApiError(
      404,
      `Error: documentStoreServices.getDocumentStoreById - Document store ${id} not found`,
    );
  }
  return entry;
}

function requiredName(value: unknown): string {
  if (value === undefined || value === null) {
    throw new Error("SQLITE_CONSTRAINT: NOT NULL constraint failed: document_store.name");
  }
  if (typeof value !== "string") throw new Error(`name must be a string, got ${typeof value}`);
  return value;
}

function optionalText(key: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new Error(`${key} must be a string, got ${typeof value}`);
  return value;
}

function parseUpdate(body: Record<string, unknown>) {
  const input: Record<string, unknown> = {};
  for (const key of ["name", "description", ...JSON_COLUMNS] as const) {
    if (!(key in body)) continue;
    const value = body[key];
    input[key] = (JSON_COLUMNS as readonly string[]).includes(key) ? parseJsonColumn(key, value) : value;
  }
  const parsed = UpdateSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${issue?.path.join(".") || "body"}: ${issue?.message.replace(/^Invalid input: /, "") ?? "invalid"}`,
    );
  }
  return parsed.data;
}

function parseJsonColumn(key: string, value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return parseJsonWithinDepth(value);
  } catch (cause) {
    throw new Error(`${key} is not valid JSON: ${(cause as Error).message}`);
  }
}
