// Reads tool configs from a running Flowise: the network half of loading Flowise sources (config/ parses, it never fetches).
import { z } from "zod";
import { ToolDeckError } from "../../../errors.js";
import { formatZodIssue } from "../../../json/format-zod-issue.js";
import { getApiJson } from "../../../net/get-api-json.js";
import { instanceFetch } from "../../../runtime/outbound/instance-fetch.js";
import { maskUrlCredentials } from "../../../secrets/url-credentials.js";

/** The Flowise instance `fetchFlowiseChatflows` reads: its URL, API key, the chatflows to read, and fetch. */
export interface FetchFlowiseChatflowsOptions {
  /** The Flowise server, e.g. `http://localhost:3000` (a trailing `/api/v1` is accepted too). */
  url: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Only these chatflows, fetched one by one (`GET /api/v1/chatflows/:id`), in this order. */
  chatflowIds?: readonly string[];
  /** Default: the global `fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

/** The parsed `flowData` of a chatflow: a canvas of nodes and edges. */
export const FlowDataSchema = z.looseObject({
  nodes: z.array(z.unknown()).default([]),
  edges: z.array(z.unknown()).default([]),
});
export type FlowData = z.infer<typeof FlowDataSchema>;

/** A chatflow of a Flowise instance, with its flowData parsed. */
export interface FlowiseChatflow {
  id: string;
  name: string;
  /** CHATFLOW, AGENTFLOW, MULTIAGENT or ASSISTANT (absent on servers that do not say). */
  type?: string;
  flowData: FlowData;
}

const ChatflowRowSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string().nullish(),
  flowData: z.string(),
});

/**
 * Reads the chatflows of a Flowise 3.1 server over its REST API, as any HTTP client would: no
 * emulator shortcuts. Every failure (network, 401, 404, an answer that is not Flowise's) is one
 * `ToolDeckError("load", …)` naming the URL (its `user:password` masked). Requests go through the
 * outbound guard to the URL's `host:port` only, and a redirect to another origin is refused before the
 * API key is sent there.
 * @example
 * const flows = await fetchFlowiseChatflows({ url: "http://localhost:3000", apiKey: process.env.FLOWISE_API_KEY });
 * for (const flow of flows) console.log(flow.name, flow.flowData.nodes.length);
 */
export async function fetchFlowiseChatflows(
  options: FetchFlowiseChatflowsOptions,
): Promise<FlowiseChatflow[]> {
  const api = apiBase(options.url);
  const get = (path: string) => getJson(`${api}${path}`, options);
  if (options.chatflowIds) {
    const rows = await Promise.all(
      options.chatflowIds.map(async (id) =>
        readRow(await get(`/chatflows/${encodeURIComponent(id)}`), `${api}/chatflows/${id}`),
      ),
    );
    return rows.map(toChatflow);
  }
  const listUrl = `${api}/chatflows`;
  const list = await get("/chatflows");
  if (!Array.isArray(list)) throw loadError(listUrl, "expected an array of chatflows");
  return list.map((row, index) => toChatflow(readRow(row, `${listUrl} [${index}]`)));
}

/**
 * One Custom Tool's row (`GET /api/v1/tools/{id}`), as the server answers it; a failure (404 `Tool <id>
 * not found`, 401, network) is one `ToolDeckError("load", …)` naming the URL.
 */
export async function fetchFlowiseTool(id: string, options: FetchFlowiseChatflowsOptions): Promise<unknown> {
  return getJson(`${apiBase(options.url)}/tools/${encodeURIComponent(id)}`, options);
}

/** `http://host:3000` or `http://host:3000/api/v1/` → `http://host:3000/api/v1`. */
function apiBase(url: string): string {
  return `${url.replace(/\/+$/, "").replace(/\/api\/v1$/, "")}/api/v1`;
}

function getJson(url: string, options: FetchFlowiseChatflowsOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
  return getApiJson(url, {
    headers,
    fetch: instanceFetch(options.url, options.fetch),
    refusal: (response, text) => httpFailure(response, text, options.apiKey !== undefined),
    notJson: "is this the URL of a Flowise server?",
    label: "Flowise",
  });
}

/** `401 Unauthorized Access (…)`, `404 Chatflow x not found in the database!`: the status and Flowise's own message. */
function httpFailure(response: Response, text: string, keyGiven: boolean): string {
  const message = flowiseMessage(text) ?? response.statusText;
  const status = `${response.status}${message ? ` ${message}` : ""}`;
  if (response.status !== 401) return status;
  return `${status} (${keyGiven ? "the API key was refused" : "the server needs an API key"})`;
}

/** The message of Flowise's error body (`message`) or of its auth refusal (`error`). */
function flowiseMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === "object" && body !== null) {
      const { message, error } = body as { message?: unknown; error?: unknown };
      if (typeof message === "string") return message;
      if (typeof error === "string") return error;
    }
  } catch {
    // Not JSON: plain text such as "Unauthorized" is the message itself.
  }
  const line = text.trim().split("\n")[0] ?? "";
  return line && line.length <= 200 && !line.startsWith("<") ? line : undefined;
}

function readRow(row: unknown, where: string): z.infer<typeof ChatflowRowSchema> {
  const parsed = ChatflowRowSchema.safeParse(row);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw loadError(where, `not a chatflow (${issue ? formatZodIssue(issue) : "invalid"})`);
}

function toChatflow(row: z.infer<typeof ChatflowRowSchema>): FlowiseChatflow {
  const where = `chatflow '${row.name}' (${row.id})`;
  let data: unknown;
  try {
    data = JSON.parse(row.flowData);
  } catch (cause) {
    throw new ToolDeckError("load", `${where}: flowData is not JSON (${(cause as Error).message})`, {
      cause,
    });
  }
  const flowData = FlowDataSchema.safeParse(data);
  if (!flowData.success) {
    const issue = flowData.error.issues[0];
    throw new ToolDeckError("load", `${where}: flowData ${issue ? formatZodIssue(issue) : "is invalid"}`);
  }
  return { id: row.id, name: row.name, ...(row.type ? { type: row.type } : {}), flowData: flowData.data };
}

function loadError(url: string, reason: string, cause?: unknown): ToolDeckError {
  return new ToolDeckError(
    "load",
    maskUrlCredentials(`Flowise ${url}: ${reason}`),
    cause === undefined ? undefined : { cause },
  );
}
