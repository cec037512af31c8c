import { stringify } from "qs";
import { isPlainObject } from "../../../../json/json-value.js";
import type { ToolRequest } from "../../../../runtime/tool-result.js";
import { unknownVariableHint } from "../../../../runtime/variables.js";
import type { CompiledParameters } from "../../expression/compiled-parameters.js";
import type { EvaluationScope } from "../../expression/evaluate-expression.js";
import type { Authentication } from "../credential-auth.js";
import { N8nNodeError, NotReproducible } from "../node-failure.js";
import {
  foldRows,
  headerText,
  jsonBodyOfRows,
  keysToLowercase,
  parseJsonParameter,
  rowsOf,
} from "./request-parts.js";

/** How the current node reads the answer (its Response options). */
export interface ResponseOptions {
  format: "autodetect" | "json" | "text";
  fullResponse: boolean;
  neverError: boolean;
  /** Where a text answer goes (`data`). */
  outputPropertyName: string;
}

/** One call of the current node: the request as sent, and how it is sent and read. */
export interface CurrentCall {
  request: ToolRequest;
  response: ResponseOptions;
  followRedirects: boolean;
  timeoutMs: number;
}

/** The `accept` the node sets when none is given, per Response Format (fact 21). */
const ACCEPT: Record<ResponseOptions["format"], string> = {
  autodetect:
    "application/json,text/html,application/xhtml+xml,application/xml,text/*;q=0.9, image/*;q=0.8, */*;q=0.7",
  json: "application/json,text/*;q=0.99",
  text: "application/json,text/html,application/xhtml+xml,application/xml,text/*;q=0.9, */*;q=0.1",
};

/** The node's own limit when Timeout is not set: five minutes. */
const DEFAULT_TIMEOUT_MS = 300_000;
const BODY_METHODS = new Set(["PATCH", "POST", "PUT", "GET"]);

interface Reader {
  get(name: string, fallback: unknown): unknown;
}

/**
 * The request the current HTTP Request tool sends for one call (reference section 3): parameters
 * rendered with the model's arguments, query, headers and body encoded as n8n's HTTP client encodes
 * them, the node's fixed headers and the credential's. Throws `N8nNodeError` where n8n fails the call
 * (the model sees the message) and `NotReproducible` where tooldeck cannot send what n8n would.
 */
export function buildCurrentRequest(
  parameters: CompiledParameters,
  typeVersion: number,
  auth: Authentication,
  scope: EvaluationScope,
  varsFrom: "command line" | "scenario" | undefined,
): CurrentCall {
  const reader = readerOf(parameters, scope, varsFrom);
  const url = urlOf(reader);
  const method = String(reader.get("method", "GET")).toUpperCase();
  const options = objectOf(reader.get("options", {}));
  const pagination = objectOf(objectOf(options.pagination).pagination).paginationMode;
  if (pagination !== undefined && pagination !== "off")
    throw new NotReproducible("pagination is not modelled");
  let qs = queryOf(reader, typeVersion);
  const headers = headersOf(reader, typeVersion, options);
  const { body, form, rawContentType } = bodyOf(reader, typeVersion, method);
  if (rawContentType !== undefined) headers.set("content-type", rawContentType);
  qs = applyAuthentication(auth, headers, qs);
  const response = responseOptionsOf(options);
  if (headers.get("accept") === undefined) headers.set("accept", ACCEPT[response.format]);
  if (headers.get("user-agent") === undefined) headers.set("user-agent", "n8n");
  const request: ToolRequest = { method, url: withQuery(url, qs, options.queryParameterArrays), headers: {} };
  const text = encodeBody(body, form, headers);
  if (text !== undefined) {
    if (method === "GET" || method === "HEAD")
      throw new NotReproducible(`a ${method} request with a body cannot be sent`);
    request.body = text;
  }
  request.headers = Object.fromEntries(headers);
  return {
    request,
    response,
    followRedirects: followsRedirects(options, typeVersion),
    timeoutMs: timeoutOf(options),
  };
}

function readerOf(
  parameters: CompiledParameters,
  scope: EvaluationScope,
  varsFrom: "command line" | "scenario" | undefined,
): Reader {
  return {
    get(name, fallback) {
      const rendered = parameters.render(name, scope, fallback);
      if (rendered.ok) return rendered.value;
      if ("unsupported" in rendered) throw new NotReproducible(rendered.unsupported);
      const hint = unknownVariableHint(rendered.unknownVariable, varsFrom === undefined ? {} : { varsFrom });
      throw new NotReproducible(`unknown variable ${rendered.unknownVariable}${hint}`);
    },
  };
}

function urlOf(reader: Reader): string {
  const raw = reader.get("url", "");
  if (typeof raw !== "string") {
    throw new N8nNodeError(`URL parameter must be a string, got ${raw === null ? "null" : typeof raw}`);
  }
  const url = raw.trim();
  if (url === "") throw new N8nNodeError("URL parameter cannot be empty");
  if (!url.startsWith("http://") && !url.startsWith("https://")) {
    throw new N8nNodeError(`Invalid URL: ${url}. URL must start with "http" or "https".`);
  }
  return url;
}

function queryOf(reader: Reader, typeVersion: number): Record<string, unknown> | undefined {
  if (!reader.get("sendQuery", false)) return undefined;
  const specify = reader.get("specifyQuery", "keypair");
  if (specify === "keypair") return foldRows(rowsOf(reader.get("queryParameters", {})), typeVersion);
  if (specify === "json")
    return objectOf(parseJsonParameter(reader.get("jsonQuery", ""), "JSON Query Parameters"));
  return undefined;
}

/** Header names are case-insensitive; the last value set wins, as in the HTTP client. */
class HeaderMap extends Map<string, string> {
  override get(name: string): string | undefined {
    return super.get(name.toLowerCase());
  }
  override set(name: string, value: string): this {
    return super.set(name.toLowerCase(), value);
  }
  override delete(name: string): boolean {
    return super.delete(name.toLowerCase());
  }
}

function headersOf(reader: Reader, typeVersion: number, options: Record<string, unknown>): HeaderMap {
  const headers = new HeaderMap();
  if (!reader.get("sendHeaders", false)) return headers;
  const specify = reader.get("specifyHeaders", "keypair");
  let given: unknown = {};
  if (specify === "keypair") {
    const rows = rowsOf(reader.get("headerParameters", {})).filter((row) => Boolean(row.name));
    given = foldRows(rows, typeVersion);
  } else if (specify === "json") {
    given = parseJsonParameter(reader.get("jsonHeaders", ""), "JSON Headers");
  }
  const named = options.lowercaseHeaders === false ? objectOf(given) : keysToLowercase(given);
  for (const [name, value] of Object.entries(named)) {
    const text = headerText(value);
    if (text !== undefined) headers.set(name, text);
  }
  return headers;
}

interface BodyParts {
  body: unknown;
  /** An x-www-form-urlencoded body's values. */
  form: unknown;
  /** A raw body's content type (Content Type "Raw"). */
  rawContentType?: string;
}

function bodyOf(reader: Reader, typeVersion: number, method: string): BodyParts {
  if (!reader.get("sendBody", false)) return { body: undefined, form: undefined };
  const contentType = reader.get("contentType", "json");

  const specify = reader.get("specifyBody", "keypair");
  let body: unknown;
  if (contentType === "multipart-form-data")
    throw new NotReproducible("multipart/form-data bodies are not modelled");
  if (specify === "keypair") {
    const rows = rowsOf(reader.get("bodyParameters", {}));
    body = contentType === "json" && typeVersion >= 4 ? jsonBodyOfRows(rows) : foldRows(rows, typeVersion);
  } else if (specify === "json") {
    const json = reader.get("jsonBody", "");
    body = typeof json === "object" ? json : parseJsonParameter(json, "JSON Body");
  } else if (specify === "string") {
    body = Object.fromEntries(new URLSearchParams(String(reader.get("body", ""))));
  }
  const rawContentType =
    contentType === "raw" ? { rawContentType: String(reader.get("rawContentType", "")) } : {};
  if (!BODY_METHODS.has(method)) return { body, form: undefined, ...rawContentType };
  if (contentType === "form-urlencoded") return { body: undefined, form: body };
  if (contentType === "binaryData") throw new NotReproducible("binary file bodies are not modelled");
  if (contentType === "raw") return { body: reader.get("body", ""), form: undefined, ...rawContentType };
  return { body, form: undefined };
}

function applyAuthentication(
  auth: Authentication,
  headers: HeaderMap,
  qs: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  switch (auth.kind) {
    case "none":
      return qs;
    case "basic":
      headers.set(
        "authorization",
        `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString("base64")}`,
      );
      return qs;
    case "bearer":
      headers.set("authorization", `Bearer ${auth.token}`);
      return qs;
    case "header":
      headers.set(auth.name, auth.value);
      return qs;
    case "query": {
      const withAuth: Record<string, unknown> = Object.create(null);
      Object.assign(withAuth, qs);
      withAuth[auth.name] = auth.value;
      return withAuth;
    }
  }
}

/**
 * The body's text and its content type as the HTTP client sets them: a form urlencoded by `qs`, an
 * object or list as JSON, text as it is. A number or boolean body is refused as axios refuses it.
 */
function encodeBody(body: unknown, form: unknown, headers: HeaderMap): string | undefined {
  if (form !== undefined) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    return stringify(form);
  }
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (typeof body === "object") {
    if (headers.get("content-type") === undefined) headers.set("content-type", "application/json");
    return JSON.stringify(body);
  }
  throw new N8nNodeError("Data after transformation must be a string, an ArrayBuffer, a Buffer, or a Stream");
}

/**
 * The URL with the query appended as axios appends it (fact 18): `qs` with indices for lists and
 * objects, after the URL's own query, the fragment dropped; then read as a URL, which encodes what a
 * URL cannot hold and keeps `/` and `?` as they are (fact 19).
 */
function withQuery(url: string, qs: Record<string, unknown> | undefined, arrays: unknown): string {
  let full = url;
  if (qs !== undefined && Object.keys(qs).length > 0) {
    const arrayFormat = arrays === "repeat" || arrays === "brackets" ? arrays : "indices";
    const serialized = stringify(qs, { arrayFormat });
    if (serialized !== "") {
      const hash = full.indexOf("#");
      if (hash >= 0) full = full.slice(0, hash);
      full += (full.includes("?") ? "&" : "?") + serialized;
    }
  }
  try {
    const parsed = new URL(full);
    parsed.hash = "";
    return parsed.href;
  } catch {
    throw new N8nNodeError("Invalid URL");
  }
}

function responseOptionsOf(options: Record<string, unknown>): ResponseOptions {
  const response = objectOf(objectOf(options.response).response);
  const format = response.responseFormat || "autodetect";
  if (format === "file") throw new NotReproducible('Response Format "File" is not modelled');
  return {
    format: format === "json" || format === "text" ? format : "autodetect",
    fullResponse: response.fullResponse === true,
    neverError: response.neverError === true,
    outputPropertyName:
      typeof response.outputPropertyName === "string" ? response.outputPropertyName : "data",
  };
}

/** Follows redirects unless the Redirects option says not to (typeVersion 4+ follows by default). */
function followsRedirects(options: Record<string, unknown>, typeVersion: number): boolean {
  const redirect = objectOf(objectOf(options.redirect).redirect);
  if (typeof redirect.followRedirects === "boolean") return redirect.followRedirects;
  return typeVersion >= 4;
}

function timeoutOf(options: Record<string, unknown>): number {
  return typeof options.timeout === "number" && options.timeout > 0 ? options.timeout : DEFAULT_TIMEOUT_MS;
}

function objectOf(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}
