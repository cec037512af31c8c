import { type Chatflow, ChatflowSchema } from "./chatflow.js";

/** A chatflow as `POST` and `PUT /chatflows` answer it: with the secret column the reads leave out. */
export type SavedChatflow = Chatflow & { webhookSecret: null };

/** The entity's columns in order, the write-only `webhookSecret` beside the flag that tells it is set. */
const COLUMNS: readonly (keyof SavedChatflow)[] = Object.keys(ChatflowSchema.shape).flatMap((column) =>
  column === "webhookSecretConfigured" ? ["webhookSecret", column] : [column],
) as (keyof SavedChatflow)[];

/** What the database fills in on INSERT: the generated id and dates, and the flag's default. */
const GENERATED: ReadonlySet<keyof SavedChatflow> = new Set([
  "id",
  "createdDate",
  "updatedDate",
  "webhookSecretConfigured",
]);

/**
 * A chatflow as `PUT /chatflows` answers it in Flowise 3.1.4: every column, unset ones null, plus the
 * secret column the reads leave out, `webhookSecret: null` (next to `webhookSecretConfigured`; the
 * position is ours, JSON readers do not see it).
 */
export function savedChatflowView(chatflow: Chatflow): SavedChatflow {
  const { webhookSecretConfigured, workspaceId, ...columns } = chatflow;
  return { ...columns, webhookSecret: null, webhookSecretConfigured, workspaceId };
}

/**
 * A new chatflow as `POST /chatflows` answers it in Flowise 3.1.4, keys in the order TypeORM's `save()`
 * leaves them on the entity: the columns the request set (`sent`, with the workspace Flowise sets
 * itself), as `repository.create` copies them, in column order; then every nullable column left unset,
 * as null; then what the INSERT generated (id, createdDate, updatedDate and the flag's default).
 */
export function createdChatflowView(chatflow: Chatflow, sent: ReadonlySet<string>): SavedChatflow {
  const saved = savedChatflowView(chatflow);
  const isSent = (column: keyof SavedChatflow) => sent.has(column) || column === "workspaceId";
  const order = [
    ...COLUMNS.filter((column) => isSent(column) && !GENERATED.has(column)),
    ...COLUMNS.filter((column) => !isSent(column) && !GENERATED.has(column)),
    ...COLUMNS.filter((column) => GENERATED.has(column)),
  ];
  return Object.fromEntries(order.map((column) => [column, saved[column]])) as SavedChatflow;
}
