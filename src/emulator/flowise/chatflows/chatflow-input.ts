import { isPlainObject } from "../../../json/json-value.js";
import { FlowiseApiError } from "../flowise-api-error.js";
import {
  CHATFLOW_BOOLEAN_FIELDS,
  CHATFLOW_TEXT_FIELDS,
  CHATFLOW_TYPES,
  type Chatflow,
  type ChatflowType,
} from "./chatflow.js";

type TextField = (typeof CHATFLOW_TEXT_FIELDS)[number];
type BooleanField = (typeof CHATFLOW_BOOLEAN_FIELDS)[number];

/** The columns a request body sets: only those present in it. `id`, dates and workspace are ignored. */
export type ChatflowFields = Partial<
  Record<TextField, string | null> & Record<BooleanField, boolean | null>
> & {
  type?: unknown;
};

/** Reads the settable columns out of a request body; anything that is not an object sets nothing. */
export function readChatflowFields(body: unknown): ChatflowFields {
  if (!isPlainObject(body)) return {};
  const fields: ChatflowFields = {};
  for (const key of CHATFLOW_TEXT_FIELDS) if (body[key] !== undefined) fields[key] = toText(body[key]);
  for (const key of CHATFLOW_BOOLEAN_FIELDS) if (body[key] !== undefined) fields[key] = toBoolean(body[key]);
  if (body.type !== undefined) fields.type = body.type;
  return fields;
}

/** Flowise 3.1 rejects a missing, empty or unknown type with 400 `Invalid Chatflow Type`. */
export function requireChatflowType(value: unknown): ChatflowType {
  if (typeof value === "string" && (CHATFLOW_TYPES as readonly string[]).includes(value)) {
    return value as ChatflowType;
  }
  throw new FlowiseApiError(400, "Invalid Chatflow Type");
}

/**
 * A field of the body as sent, before it is stored as text: Flowise runs its JSON checks on these
 * values, so an object there is parsed as the text `[object Object]`.
 */
export function sentValue(body: unknown, key: string): unknown {
  return isPlainObject(body) ? body[key] : undefined;
}

/**
 * PUT parses a truthy chatbotConfig as sent: 400 `Invalid chatbotConfig: <parser message>` (an object
 * gives `"[object Object]" is not valid JSON`, as Flowise 3.1.4 answers).
 */
export function checkChatbotConfig(value: unknown): void {
  if (!value) return;
  try {
    parseAsJavaScriptDoes(value);
  } catch (cause) {
    throw new FlowiseApiError(400, `Invalid chatbotConfig: ${(cause as Error).message}`);
  }
}

/**
 * The NOT NULL columns, checked in table order as SQLite does; Flowise passes the database's message
 * on as a 500.
 */
export function checkNotNull(fields: { name?: string | null; flowData?: string | null }): void {
  for (const column of ["name", "flowData"] as const) {
    if (fields[column] === undefined || fields[column] === null) {
      throw new FlowiseApiError(500, `SQLITE_CONSTRAINT: NOT NULL constraint failed: chat_flow.${column}`);
    }
  }
}

/**
 * Flowise parses flowData as sent to track document-store usage; a SyntaxError surfaces as a 500 and
 * nothing is saved (3.1.4 parses before saving). A missing flowData reads as the text `undefined`.
 */
export function checkFlowData(value: unknown): void {
  try {
    parseAsJavaScriptDoes(value);
  } catch (cause) {
    throw new FlowiseApiError(500, (cause as Error).message);
  }
}

/** A new chatflow from the fields of a POST body. */
export function newChatflow(
  fields: ChatflowFields,
  meta: { id: string; type: ChatflowType; at: string; workspaceId: string },
): Chatflow {
  return {
    id: meta.id,
    name: fields.name as string,
    flowData: fields.flowData as string,
    deployed: fields.deployed ?? null,
    isPublic: fields.isPublic ?? null,
    apikeyid: fields.apikeyid ?? null,
    chatbotConfig: fields.chatbotConfig ?? null,
    apiConfig: fields.apiConfig ?? null,
    analytic: fields.analytic ?? null,
    speechToText: fields.speechToText ?? null,
    textToSpeech: fields.textToSpeech ?? null,
    followUpPrompts: fields.followUpPrompts ?? null,
    category: fields.category ?? null,
    type: meta.type,
    createdDate: meta.at,
    updatedDate: meta.at,
    mcpServerConfig: fields.mcpServerConfig ?? null,
    webhookSecretConfigured: false,
    workspaceId: meta.workspaceId,
  };
}

/**
 * Text columns keep strings and null; other JSON values are stored as their JSON text (Flowise does
 * not validate field types, #3412).
 */
function toText(value: unknown): string | null {
  if (value === null || typeof value === "string") return value;
  return JSON.stringify(value);
}

/** Boolean columns keep booleans and null; the string "false" (any case) is false, other values by truthiness. */
function toBoolean(value: unknown): boolean | null {
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "string" && value.toLowerCase() === "false") return false;
  return Boolean(value);
}

/** `JSON.parse(value)` on any value: JavaScript turns it into text first (`undefined`, `[object Object]`). */
function parseAsJavaScriptDoes(value: unknown): unknown {
  return JSON.parse(String(value));
}
