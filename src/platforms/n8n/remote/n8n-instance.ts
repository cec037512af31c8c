// Reads workflows from a running n8n over its public REST API: the network half of loading n8n sources.
import { ToolDeckError } from "../../../errors.js";
import { isPlainObject } from "../../../json/json-value.js";
import { getApiJson } from "../../../net/get-api-json.js";
import { instanceFetch } from "../../../runtime/outbound/instance-fetch.js";
import { maskUrlCredentials } from "../../../secrets/url-credentials.js";

/** The n8n instance `fetchN8nWorkflows` reads: its URL, API key, the workflows to read, and fetch. */
export interface FetchN8nWorkflowsOptions {
  /** The n8n server, e.g. `http://localhost:5678` (a trailing `/api/v1` is accepted too). */
  url: string;
  /** Sent as `X-N8N-API-KEY`, as n8n's public API asks. */
  apiKey?: string;
  /** Only these workflows, fetched one by one (`GET /api/v1/workflows/{id}`), in this order. */
  workflowIds?: readonly string[];
  /** Default: the global `fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A workflow as n8n's API returns it: `{ id, name, nodes, connections, … }`. */
export interface N8nWorkflow {
  id: string;
  name: string;
  value: Record<string, unknown>;
}

/** n8n pages its list (`nextCursor`); a server that never stops is cut here. */
const MAX_PAGES = 1_000;

/**
 * The workflows of an n8n server, through its public REST API as any client reads them
 * (`GET /api/v1/workflows`, page by page, or `GET /api/v1/workflows/{id}`). Every failure (network,
 * 401, 404, an answer that is not n8n's) is one `ToolDeckError("load", …)` naming the URL (its
 * `user:password` masked). Requests go through the outbound guard to the URL's `host:port` only, and a
 * redirect to another origin is refused before the API key is sent there.
 * @example
 * const workflows = await fetchN8nWorkflows({ url: "http://localhost:5678", apiKey: process.env.N8N_API_KEY });
 */
export async function fetchN8nWorkflows(options: FetchN8nWorkflowsOptions): Promise<N8nWorkflow[]> {
  const api = `${options.url.replace(/\/+$/, "").replace(/\/api\/v1$/, "")}/api/v1`;
  options = { ...options, fetch: instanceFetch(options.url, options.fetch) };
  if (options.workflowIds) {
    return Promise.all(
      options.workflowIds.map(async (id) => {
        const url = `${api}/workflows/${encodeURIComponent(id)}`;
        return toWorkflow(await getJson(url, options), url);
      }),
    );
  }
  const workflows: N8nWorkflow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = `${api}/workflows${cursor === undefined ? "" : `?cursor=${encodeURIComponent(cursor)}`}`;
    const body = await getJson(url, options);
    if (!isPlainObject(body) || !Array.isArray(body.data))
      throw loadError(url, 'expected { "data": [workflows…] }');
    for (const [index, row] of body.data.entries()) workflows.push(toWorkflow(row, `${url} [${index}]`));
    if (typeof body.nextCursor !== "string" || body.nextCursor === "") return workflows;
    cursor = body.nextCursor;
  }
  throw loadError(`${api}/workflows`, `more than ${MAX_PAGES} pages of workflows`);
}

function getJson(url: string, options: FetchN8nWorkflowsOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey !== undefined) headers["x-n8n-api-key"] = options.apiKey;
  return getApiJson(url, {
    headers,
    fetch: options.fetch,
    refusal: (response, text) => httpFailure(response, text, options.apiKey !== undefined),
    notJson: "is this the URL of an n8n server?",
  });
}

function toWorkflow(row: unknown, where: string): N8nWorkflow {
  if (!isPlainObject(row) || !Array.isArray(row.nodes) || !isPlainObject(row.connections)) {
    throw loadError(where, "not an n8n workflow (expected nodes and connections)");
  }
  return {
    id: String(row.id ?? ""),
    name: typeof row.name === "string" ? row.name : String(row.id ?? "workflow"),
    value: row,
  };
}

/** `401 unauthorized (the API key was refused)`: the status and n8n's own message. */
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
  return `${status} (${keyGiven ? "the API key was refused" : "the server needs an API key: --api-key or N8N_API_KEY"})`;
}

function loadError(url: string, message: string): ToolDeckError {
  return new ToolDeckError("load", maskUrlCredentials(`${url}: ${message}`));
}
