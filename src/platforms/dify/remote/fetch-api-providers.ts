import { ToolDeckError } from "../../../errors.js";
import { isPlainObject } from "../../../json/json-value.js";
import { maskUrlCredentials } from "../../../secrets/url-credentials.js";
import { consoleApiOf, type FetchDifyAppsOptions, getConsoleJson, guardedConsole } from "./dify-console.js";

/** A custom tool provider's document as the console answers it, or why it was not read (one line). */
export type ProviderDocumentRead = { ok: true; schema: string; url: string } | { ok: false; message: string };

/**
 * The largest provider answer read: the document, Dify's tools made of it and the provider's settings.
 * tooldeck's bound (Dify sets none on this answer), the size Dify's import takes for a whole app DSL.
 */
export const MAX_PROVIDER_ANSWER_BYTES = 10 * 1024 * 1024;

/** What Dify stores as a provider's document that tooldeck reads (facts 50, 52); the rest is not modelled. */
const READ_SCHEMA_TYPES = new Set(["openapi", "swagger"]);

/**
 * The OpenAPI/Swagger document of each custom tool provider named, read once each from the console
 * (`GET /console/api/workspaces/current/tool-provider/api/get?provider=<name>`, Dify's
 * `ToolApiProviderGetApi` → `ToolManager.user_get_api_provider`: `{schema_type, schema, tools,
 * credentials, …}`), one after the other, through the same guard and token as the app exports. Only
 * `schema` is kept: the credentials (masked by Dify) are dropped as read. A provider Dify does not know,
 * a refusal, a redirect elsewhere, an answer over `MAX_PROVIDER_ANSWER_BYTES` or not of that shape is
 * that provider's reason, never a throw.
 * @example
 * const documents = await fetchDifyApiProviders({ url: "http://localhost", apiKey }, ["weather"]);
 */
export async function fetchDifyApiProviders(
  options: FetchDifyAppsOptions,
  names: Iterable<string>,
): Promise<Map<string, ProviderDocumentRead>> {
  const api = consoleApiOf(options.url);
  const guarded = guardedConsole(options);
  const read = new Map<string, ProviderDocumentRead>();
  for (const name of names) {
    if (read.has(name)) continue;
    const url = `${api}/workspaces/current/tool-provider/api/get?provider=${encodeURIComponent(name)}`;
    read.set(name, await fetchProvider(url, guarded));
  }
  return read;
}

async function fetchProvider(
  url: string,
  options: Pick<FetchDifyAppsOptions, "apiKey" | "fetch">,
): Promise<ProviderDocumentRead> {
  let body: unknown;
  try {
    body = await getConsoleJson(url, options, MAX_PROVIDER_ANSWER_BYTES);
  } catch (error) {
    if (error instanceof ToolDeckError) return { ok: false, message: error.message };
    throw error;
  }
  return documentOf(body, url);
}

/** `schema` of the answer, judged by its `schema_type`; nothing else of it is kept. */
function documentOf(body: unknown, given: string): ProviderDocumentRead {
  const url = maskUrlCredentials(given);
  if (!isPlainObject(body) || typeof body.schema !== "string" || body.schema.trim() === "")
    return { ok: false, message: `${url}: expected { "schema_type", "schema": "<the document>" }` };
  const type = body.schema_type;
  if (typeof type === "string" && !READ_SCHEMA_TYPES.has(type))
    return {
      ok: false,
      message: `${url}: its schema_type is ${type.slice(0, 40)}; tooldeck reads openapi and swagger documents (not modelled)`,
    };
  return { ok: true, schema: body.schema, url };
}
