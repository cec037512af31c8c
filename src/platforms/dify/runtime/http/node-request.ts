import type { ToolRequest } from "../../../../runtime/tool-result.js";
import type { DifyHttpRequestConfig } from "../../config/dify-http-request-config.js";
import { DifyNodeError } from "../dify-node-error.js";
import type { DifyVariablePool } from "../dify-variable-pool.js";
import { checkHttpxHeaders } from "./httpx-header-check.js";
import { HTTPX_DEFAULT_HEADERS } from "./httpx-headers.js";
import { authorizationHeader } from "./node-authorization.js";
import { type NodeBody, nodeBody } from "./node-body.js";
import { urlWithParams } from "./node-query.js";
import { nodeHeaders, nodeParams, nodeUrl } from "./node-url.js";

/** The Content-Type Dify adds when the header text sets none (fact 33, `BODY_TYPE_TO_CONTENT_TYPE`). */
const DEFAULT_CONTENT_TYPE: Record<string, string> = {
  json: "application/json",
  "x-www-form-urlencoded": "application/x-www-form-urlencoded",
  "raw-text": "text/plain",
};
/** The methods Dify's executor can send (fact 35, `method_map`); `options` passes validation but not this. */
const SENT_METHODS = new Set(["get", "head", "post", "put", "delete", "patch"]);
/** httpx writes `Content-Length: 0` for these methods when there is no body. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** A request as the node sends it, and the rendered URL its messages name (without params). */
export interface NodeRequest {
  request: ToolRequest;
  url: string;
}

/**
 * The request an HTTP Request node sends, built in the order `Executor` builds it so that the first
 * failure is Dify's: the authorization's key, the URL, params, headers, body, then the headers assembled
 * (authorization, Content-Type) and the method checked. Headers on the wire are httpx's defaults, the
 * node's headers, and what httpx adds for the body.
 * @example
 * buildNodeRequest(config, difyVariablePool({ "start.id": "7" }, { base_url: "http://127.0.0.1:8080" }));
 */
export function buildNodeRequest(
  config: DifyHttpRequestConfig,
  pool: DifyVariablePool,
  boundary?: () => string,
): NodeRequest {
  const auth = authorizationHeader(config, pool);
  const url = nodeUrl(config, pool);
  const params = nodeParams(config, pool);
  const headers = nodeHeaders(config, pool);
  const body = nodeBody(config, pool, boundary);
  if (auth !== undefined) headers.set(auth[0], auth[1]);
  applyContentType(headers, config.body.type);
  // Dify names the method as the DSL wrote it; the config keeps it in lower case, so it is said in upper.
  if (!SENT_METHODS.has(config.method))
    throw new DifyNodeError("InvalidHttpMethodError", `Invalid http method ${config.method.toUpperCase()}`);
  checkHttpxHeaders(headers);
  const method = config.method.toUpperCase();
  const request: ToolRequest = {
    method,
    url: urlWithParams(url, params),
    headers: wireHeaders(headers, body, method),
  };
  if (body.text !== undefined) request.body = body.text;
  return { request, url };
}

/** `_apply_content_type_header`: form-data drops the node's Content-Type (httpx writes the boundary); others default it. */
function applyContentType(headers: Map<string, string>, bodyType: string): void {
  const isContentType = (key: string) => key.toLowerCase() === "content-type";
  if (bodyType === "form-data") {
    for (const key of [...headers.keys()]) if (isContentType(key)) headers.delete(key);
    return;
  }
  const preset = DEFAULT_CONTENT_TYPE[bodyType];
  if (preset !== undefined && ![...headers.keys()].some(isContentType)) headers.set("Content-Type", preset);
}

/** httpx's defaults, then the node's headers over them (whatever their case), then Content-Length and Content-Type. */
function wireHeaders(node: Map<string, string>, body: NodeBody, method: string): Record<string, string> {
  const has = (name: string) => [...node.keys()].some((key) => key.toLowerCase() === name);
  const wire: Record<string, string> = {};
  for (const [name, value] of Object.entries(HTTPX_DEFAULT_HEADERS)) if (!has(name)) wire[name] = value;
  for (const [name, value] of node) wire[name] = value;
  if (!has("content-length")) {
    if (body.text !== undefined && body.text !== "")
      wire["content-length"] = String(Buffer.byteLength(body.text));
    else if (BODY_METHODS.has(method)) wire["content-length"] = "0";
  }
  if (body.contentType !== undefined && !has("content-type")) wire["content-type"] = body.contentType;
  return wire;
}
