import type { OperationIndex } from "../../openapi/operation-index.js";
import { serverUrlWithDefaults, splitServerUrl } from "../../openapi/server-url.js";
import type { ToolResult } from "../../runtime/tool-result.js";
import type { DryRunFetch } from "./dry-run-fetch.js";

/**
 * A host no service has (RFC 5737's TEST-NET-1, an address literal: no name is looked up): a URL
 * argument set to it shows, in a dry run, whether the model chooses where the tool calls.
 */
const PROBE_HOST = "192.0.2.1";
const PROBE_URL = `http://${PROBE_HOST}/tooldeck-probe`;
/** The test address in a refusal's text (a guard that names the host it refused). */
const PROBE_HOST_TEXT = new RegExp(`\\b${PROBE_HOST.replaceAll(".", "\\.")}\\b`);

/** Which of a schema's string arguments may be a URL: by format, name or description. */
export function urlArgumentKeys(schema: Record<string, unknown>): string[] {
  const properties = schema.properties;
  if (typeof properties !== "object" || properties === null) return [];
  return Object.entries(properties as Record<string, Record<string, unknown>>)
    .filter(([key, property]) => isUrlLike(key, property))
    .map(([key]) => key);
}

function isUrlLike(key: string, property: Record<string, unknown>): boolean {
  if (typeof property !== "object" || property === null) return false;
  if (property.type !== undefined && property.type !== "string") return false;
  if (typeof property.format === "string" && /^(uri|url|iri)(-reference)?$/.test(property.format))
    return true;
  const description = typeof property.description === "string" ? property.description : "";
  return /\bur[il]s?\b|link|href|endpoint/i.test(`${key.replace(/[_-]/g, " ")} ${description}`);
}

/** The argument that chooses where the tool calls, and whether it is the whole URL or its start. */
export interface HostArgument {
  key: string;
  /** False when the tool adds to it (`={{ $fromAI('base') }}/items`): the probe gives the API's base then. */
  whole: boolean;
}

/**
 * The URL argument whose value sets the host the tool calls (the model chooses the URL: an n8n `url` of
 * `={{ $fromAI('URL') }}`), found by dry runs that send nothing: each URL argument in turn is set to a
 * test address, and the one whose host the request (or the guard's refusal) names is it.
 */
export async function hostArgument(
  dry: DryRunFetch,
  invoke: (args: unknown) => Promise<ToolResult>,
  args: Record<string, unknown>,
  keys: readonly string[],
): Promise<HostArgument | undefined> {
  for (const key of keys) {
    let result: ToolResult | undefined;
    const caught = await dry.dryRun(async () => {
      result = await invoke({ ...args, [key]: PROBE_URL });
    });
    const urls = [caught?.url, result?.request?.url].filter((url) => hostOf(url) === PROBE_HOST);
    if (urls.length > 0) return { key, whole: urls.some((url) => url === PROBE_URL) };
    if (PROBE_HOST_TEXT.test(result?.output ?? "")) return { key, whole: true };
  }
  return undefined;
}

/** A URL the probe can give a whole-URL argument, on the API it is checked against, and that API's name. */
export interface ApiUrl {
  url: string;
  api: string;
}

/**
 * A URL on the API the probe answers for: --base-url itself, else the description's first server with
 * its first read that needs no parameter (`GET /items`, for a whole URL), else the server's root;
 * undefined without either, or when the description's server is relative.
 */
export function urlOnApi(
  spec: OperationIndex | undefined,
  baseUrl: string | undefined,
  whole: boolean,
): ApiUrl | undefined {
  if (baseUrl !== undefined) return { url: baseUrl, api: "--base-url" };
  const server = spec?.spec.document.servers?.[0];
  if (!spec || !server) return undefined;
  const { origin, basePath } = splitServerUrl(serverUrlWithDefaults(server));
  if (origin === undefined) return undefined;
  const read = whole
    ? spec.operations.find(
        (operation) =>
          operation.method === "GET" &&
          !operation.path.includes("{") &&
          !operation.parameters.some((parameter) => parameter.required === true),
      )
    : undefined;
  return { url: `${origin}${basePath}${read?.path ?? (whole ? "/" : "")}`, api: spec.title };
}

function hostOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
