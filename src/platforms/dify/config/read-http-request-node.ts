import { joinPath } from "../../../config/json-path.js";
import type { LoadSink } from "../../../config/load-sink.js";
import { reportZodIssues } from "../../../config/report-zod-issues.js";
import { isPlainObject } from "../../../json/json-value.js";
import { type DifyHttpRequestConfig, DifyHttpRequestConfigSchema } from "./dify-http-request-config.js";
import type { DifyNode } from "./dify-node.js";
import { type DifyVariableType, selectorsIn } from "./dify-variable-types.js";

/** What the rest of an app's graph tells of a node's variables and outputs. */
export interface DifyGraphContext {
  /** The declared type of each variable, by selector (`declaredVariableTypes`). */
  types: ReadonlyMap<string, DifyVariableType>;
  /** The nodes reading each selector (`selectorsRead`). */
  readers: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The declared types of the variables the node's fields reference, and whether another node reads its status. */
function graphFacts(node: DifyNode, context: DifyGraphContext): Record<string, unknown> {
  const types: Record<string, DifyVariableType> = {};
  for (const selector of selectorsIn(node.data)) {
    const type = context.types.get(selector);
    if (type) types[selector] = type;
  }
  const statusReaders = context.readers.get(`${node.id}.status_code`) ?? new Set<string>();
  return {
    ...(Object.keys(types).length > 0 ? { variableTypes: types } : {}),
    ...([...statusReaders].some((id) => id !== node.id) ? { statusRead: true } : {}),
  };
}

/** The keys of `retry_config` Dify reads (reference/dify-tools.md fact 8); any other is ignored by it. */
const RETRY_KEYS = ["retry_enabled", "max_retries", "retry_interval"];

/**
 * An HTTP Request node (`data.type: http-request`) as a `dify-http-request` config, its fields read as
 * Dify reads them (facts 10–14): the method in lower case, a DSL 0.1.0 string body as one text item, a
 * string `retry_interval` as its number, `authorization.config` dropped when `no-auth`, the editor's
 * `max_*_timeout` keys left out. A field of the wrong type is an error at `…data.<field>`, and the node is
 * not loaded; the other nodes are.
 */
export function readHttpRequestNode(
  node: DifyNode,
  sink: LoadSink,
  context?: DifyGraphContext,
): DifyHttpRequestConfig | undefined {
  const data = node.data;
  const where = joinPath(node.path, "data");
  const auth = data.authorization;
  if (isPlainObject(auth) && auth.type === "api-key" && !isPlainObject(auth.config)) {
    sink.error(joinPath(where, "authorization", "config"), `config should be a dict${notLoaded(node)}`);
    return undefined;
  }
  const candidate: Record<string, unknown> = {
    kind: "dify-http-request",
    name: node.title,
    node: node.id,
    method: typeof data.method === "string" ? data.method.toLowerCase() : data.method,
    url: data.url,
    ...optional("desc", typeof data.desc === "string" && data.desc !== "" ? data.desc : undefined),
    ...optional("headers", nullToUndefined(data.headers)),
    ...optional("params", nullToUndefined(data.params)),
    ...optional("authorization", authorizationOf(data.authorization)),
    ...optional("body", bodyOf(data.body)),
    ...optional("timeout", timeoutOf(data.timeout)),
    ...optional("ssl_verify", data.ssl_verify),
    ...optional("retry_config", retryOf(data.retry_config, joinPath(where, "retry_config"), sink)),
    ...optional("error_strategy", nullToUndefined(data.error_strategy)),
    ...optional("default_value", nullToUndefined(data.default_value)),
    ...(context ? graphFacts(node, context) : {}),
  };
  const parsed = DifyHttpRequestConfigSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  reportZodIssues(parsed.error, where, (path, message) => sink.error(path, `${message}${notLoaded(node)}`));
  return undefined;
}

function notLoaded(node: DifyNode): string {
  return ` (the HTTP Request node "${node.title}" is not loaded)`;
}

function optional(key: string, value: unknown): Record<string, unknown> {
  return value === undefined ? {} : { [key]: value };
}

function nullToUndefined(value: unknown): unknown {
  return value === null ? undefined : value;
}

/** `config` is dropped when `no-auth` (fact 11); an `api-key` one without a mapping fails as Dify's check. */
function authorizationOf(value: unknown): unknown {
  if (!isPlainObject(value)) return nullToUndefined(value);
  if (value.type === "no-auth") return { type: "no-auth" };
  if (value.type !== "api-key" || !isPlainObject(value.config)) return value;
  const { type, api_key, header } = value.config;
  return {
    type: "api-key",
    config: {
      type,
      ...optional("api_key", nullToUndefined(api_key)),
      ...optional("header", header === "" ? undefined : nullToUndefined(header)),
    },
  };
}

/** A DSL 0.1.0 string `data` is one text item, an empty one none (fact 12); items keep Dify's keys. */
function bodyOf(value: unknown): unknown {
  if (!isPlainObject(value)) return nullToUndefined(value);
  const data = value.data;
  let items: unknown = data;
  if (data === null || data === undefined || data === "") items = [];
  else if (typeof data === "string") items = [{ key: "", type: "text", value: data }];
  else if (Array.isArray(data)) items = data.map(bodyItemOf);
  return { type: value.type, data: items };
}

function bodyItemOf(item: unknown): unknown {
  if (!isPlainObject(item)) return item;
  const { key, type, value, file } = item;
  return {
    ...optional("key", nullToUndefined(key)),
    ...optional("type", nullToUndefined(type)),
    ...optional("value", nullToUndefined(value)),
    ...optional("file", Array.isArray(file) && file.length > 0 ? file : undefined),
  };
}

/** Only `connect`, `read`, `write` (fact 13): the editor's `max_*_timeout` are not the runtime's. */
function timeoutOf(value: unknown): unknown {
  if (!isPlainObject(value)) return nullToUndefined(value);
  const timeout: Record<string, unknown> = {};
  for (const key of ["connect", "read", "write"])
    if (value[key] !== undefined && value[key] !== null) timeout[key] = value[key];
  return timeout;
}

/**
 * `retry_config` as Dify's model reads it (fact 8): a numeric string (`"1000"`) is its number, as
 * pydantic coerces it; keys Dify does not know (Dify's own fixture's `enabled`, `exponential_backoff`)
 * are ignored by it, so here too, with a warning saying what that means.
 */
function retryOf(value: unknown, where: string, sink: LoadSink): unknown {
  if (!isPlainObject(value)) return nullToUndefined(value);
  const unknown = Object.keys(value).filter((key) => !RETRY_KEYS.includes(key));
  if (unknown.length > 0)
    sink.warn(
      where,
      `${unknown.join(", ")}: not Dify's retry fields (${RETRY_KEYS.join(", ")}); Dify ignores them, so retry is ${value.retry_enabled === true ? "on" : "off"}`,
    );
  const retry: Record<string, unknown> = {};
  for (const key of RETRY_KEYS) {
    const field = value[key];
    if (field === undefined || field === null) continue;
    retry[key] = typeof field === "string" && /^\s*\d+(\.\d+)?\s*$/.test(field) ? Number(field) : field;
  }
  return retry;
}
