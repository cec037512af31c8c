// Reads apps' DSL from a running Dify over its console API: the network half of loading Dify sources.
import { ToolDeckError } from "../../../errors.js";
import { isPlainObject } from "../../../json/json-value.js";
import { getApiJson } from "../../../net/get-api-json.js";
import { instanceFetch } from "../../../runtime/outbound/instance-fetch.js";
import { maskUrlCredentials } from "../../../secrets/url-credentials.js";

/** The Dify instance `fetchDifyApps` reads: its URL, console token, the apps to read, and fetch. */
export interface FetchDifyAppsOptions {
  /** The Dify server, e.g. `http://localhost` (a trailing `/console/api` is accepted too). */
  url: string;
  /** A console access token, sent as `Authorization: Bearer …`, as the console API asks. */
  apiKey?: string;
  /** Only these apps, by id, in this order. */
  appIds?: readonly string[];
  /** Default: the global `fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

/** One app's DSL as the export answers it: YAML text, and the URL it came from. */
export interface DifyAppExport {
  id: string;
  name: string;
  /** The DSL text (`{"data": "<yaml>"}` of the export). */
  yaml: string;
  url: string;
}

/** Dify pages its app list (`has_more`); a server that never stops is cut here. */
const MAX_PAGES = 1_000;
/** Apps asked for per page: the console's own maximum. */
const PAGE_SIZE = 100;
/**
 * The largest export answer read: the 10 MB DSL Dify's import reads (fact 92), JSON-escaped in `data`,
 * with room to spare; a server streaming more is refused as it comes, never held whole.
 */
export const MAX_EXPORT_ANSWER_BYTES = 40 * 1024 * 1024;

/**
 * The apps of a Dify server as its console exports them: `GET /console/api/apps?page=N&limit=100`
 * page by page (or the ids given), then `GET /console/api/apps/{id}/export?include_secret=false` for each
 * (Dify's `AppExportApi`: `{"data": "<the DSL YAML>"}`; secret environment variables come back empty).
 * Every failure (network, 401, 404, an answer that is not Dify's) is one `ToolDeckError("load", …)`
 * naming the URL. Requests go through the outbound guard to the URL's `host:port` only, and a redirect to
 * another origin is refused before the token is sent there.
 * @example
 * const apps = await fetchDifyApps({ url: "http://localhost", apiKey: process.env.DIFY_API_KEY });
 */
export async function fetchDifyApps(options: FetchDifyAppsOptions): Promise<DifyAppExport[]> {
  const api = consoleApiOf(options.url);
  options = guardedConsole(options);
  const apps = options.appIds ? options.appIds.map((id) => ({ id, name: id })) : await listApps(api, options);
  const exports: DifyAppExport[] = [];
  for (const app of apps) {
    const url = `${api}/apps/${encodeURIComponent(app.id)}/export?include_secret=false`;
    const body = await getConsoleJson(url, options, MAX_EXPORT_ANSWER_BYTES);
    if (!isPlainObject(body) || typeof body.data !== "string")
      throw loadError(url, 'expected { "data": "<the app\'s DSL>" }');
    exports.push({ ...app, yaml: body.data, url });
  }
  return exports;
}

async function listApps(api: string, options: FetchDifyAppsOptions): Promise<{ id: string; name: string }[]> {
  const apps: { id: string; name: string }[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const url = `${api}/apps?page=${page}&limit=${PAGE_SIZE}`;
    const body = await getConsoleJson(url, options);
    if (!isPlainObject(body) || !Array.isArray(body.data))
      throw loadError(url, 'expected { "data": [apps…] }');
    for (const [index, row] of body.data.entries()) {
      if (!isPlainObject(row) || typeof row.id !== "string" || row.id === "")
        throw loadError(`${url} [${index}]`, "not a Dify app (expected an id)");
      apps.push({ id: row.id, name: typeof row.name === "string" && row.name !== "" ? row.name : row.id });
    }
    if (body.has_more !== true) return apps;
  }
  throw loadError(`${api}/apps`, `more than ${MAX_PAGES} pages of apps`);
}

/** `http://localhost/console/api` of `http://localhost/` or of `http://localhost/console/api`. */
export function consoleApiOf(url: string): string {
  return `${url.replace(/\/+$/, "").replace(/\/console\/api$/, "")}/console/api`;
}

/**
 * The options with their fetch behind the outbound guard, to the URL's `host:port` only: every request to
 * the console goes through it.
 */
export function guardedConsole<O extends Pick<FetchDifyAppsOptions, "url" | "fetch">>(options: O): O {
  return { ...options, fetch: instanceFetch(options.url, options.fetch) };
}

/**
 * `GET url` of the console with the token, a refusal worded as Dify's (`401 Invalid token. (…)`); the
 * answer read up to `maxBytes` when given. Options as `guardedConsole` returns them.
 */
export function getConsoleJson(
  url: string,
  options: Pick<FetchDifyAppsOptions, "apiKey" | "fetch">,
  maxBytes?: number,
): Promise<unknown> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
  return getApiJson(url, {
    headers,
    fetch: options.fetch,
    refusal: (response, text) => httpFailure(response, text, options.apiKey !== undefined),
    notJson: "is this the URL of a Dify server?",
    ...(maxBytes === undefined ? {} : { maxBytes }),
  });
}

/** `401 Unauthorized (the console token was refused)`: the status and Dify's own message. */
function httpFailure(response: Response, text: string, keyGiven: boolean): string {
  let message = response.statusText;
  try {
    const body: unknown = JSON.parse(text);
    if (isPlainObject(body) && typeof body.message === "string") message = body.message;
  } catch {
    // Not JSON: the status text says it.
  }
  const status = `${response.status}${message ? ` ${message.slice(0, 200)}` : ""}`;
  if (response.status !== 401) return status;
  return `${status} (${keyGiven ? "the console token was refused" : "the console API needs a token: --api-key or DIFY_API_KEY"})`;
}

function loadError(url: string, message: string): ToolDeckError {
  return new ToolDeckError("load", maskUrlCredentials(`${url}: ${message}`));
}
