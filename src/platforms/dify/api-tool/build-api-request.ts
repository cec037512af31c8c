import { isPlainObject } from "../../../json/json-value.js";
import type { DifyApiCredentials } from "../config/dify-api-tool-config.js";
import type { DifyApiBundle } from "./api-tool-bundle.js";
import { DifyToolError } from "./cast-arguments.js";
import { convertBodyValue } from "./convert-body-value.js";
import {
  httpxFormEncode,
  httpxPrimitive,
  pythonJsonDumps,
  pythonStr,
  pythonUrlencode,
  quotePlus,
} from "./python-text.js";

/** A call tooldeck cannot make as Dify would (a file parameter): nothing is sent. */
export class DifyNotReproducible extends Error {
  override readonly name = "DifyNotReproducible";
}

/** The request an API tool call amounts to, before httpx adds its own headers. */
export interface DifyApiRequest {
  method: string;
  /** With the query string httpx writes. */
  url: string;
  /** Without the query: the URL Dify's retry error names (fact 70). */
  baseUrl: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * `ApiTool.assembling_request` and `do_http_request` (facts 51, 63–69): the auth header or query key;
 * required parameters filled with their default or refused (`Missing required parameter id`); path
 * placeholders replaced by `str(value)` unencoded; query values kept unless `""`; headers `str()`; cookies;
 * the first media type's Content-Type, and the body encoded by it **exactly**. `args` are the merged,
 * cast arguments (facts 62, 84); `credentials` already resolved. Throws `DifyToolError` with Dify's text.
 * @example
 * buildApiRequest(bundle, document, { auth_type: "none" }, { id: "a/b" }).url; // "https://api.example.com/events/a/b"
 */
export function buildApiRequest(
  bundle: DifyApiBundle,
  document: Record<string, unknown>,
  credentials: DifyApiCredentials,
  given: Readonly<Record<string, unknown>>,
): DifyApiRequest {
  const headers = authHeaders(credentials);
  const args = withRequiredDefaults(bundle, given);
  const query: [string, unknown][] = [];
  if (credentials.auth_type === "api_key_query" && credentials.api_key_value)
    query.push([credentials.api_key_query_param ?? "key", credentials.api_key_value]);
  let url = bundle.url;
  const cookies: string[] = [];
  for (const entry of operationParameters(bundle)) {
    const value = parameterValue(entry, args);
    if (entry.in === "path") url = url.replaceAll(`{${entry.name}}`, pythonStr(value));
    else if (entry.in === "query" && value !== "") query.push([entry.name, value]);
    else if (entry.in === "cookie") cookies.push(`${entry.name}=${pythonStr(value)}`);
    else if (entry.in === "header") headers[entry.name] = pythonStr(value);
  }
  if (cookies.length > 0) headers.Cookie = cookies.join("; ");
  const body = requestBody(bundle, document, args, headers);
  const queryText = query
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map(
        (item) => `${quotePlus(name)}=${quotePlus(httpxPrimitive(item))}`,
      ),
    )
    .join("&");
  return {
    method: bundle.method.toUpperCase(),
    url: queryText === "" ? url : `${url}${url.includes("?") ? "&" : "?"}${queryText}`,
    baseUrl: url,
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

/** The auth header (fact 51): `Basic`/`Bearer` prefixed only when the value is not empty, never base64. */
function authHeaders(credentials: DifyApiCredentials): Record<string, string> {
  if (credentials.auth_type !== "api_key_header" && credentials.auth_type !== "api_key") return {};
  if (credentials.api_key_value === undefined) throw new DifyToolError("Missing api_key_value");
  const value = credentials.api_key_value;
  const prefix = credentials.api_key_header_prefix;
  const shown =
    value && prefix === "basic" ? `Basic ${value}` : value && prefix === "bearer" ? `Bearer ${value}` : value;
  return { [credentials.api_key_header ?? "Authorization"]: shown };
}

/** Every required parameter given, or its default, or `Missing required parameter <name>` (fact 63). */
function withRequiredDefaults(
  bundle: DifyApiBundle,
  given: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const args = { ...given };
  for (const parameter of bundle.parameters) {
    if (!parameter.required || Object.hasOwn(args, parameter.name)) continue;
    if (parameter.default === undefined || parameter.default === null)
      throw new DifyToolError(`Missing required parameter ${parameter.name}`);
    Object.defineProperty(args, parameter.name, {
      value: parameter.default,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return args;
}

interface OperationParameter {
  name: string;
  in: unknown;
  required: boolean;
  default: unknown;
}

function operationParameters(bundle: DifyApiBundle): OperationParameter[] {
  const entries = Array.isArray(bundle.operation.parameters) ? bundle.operation.parameters : [];
  return entries.filter(isPlainObject).map((entry) => ({
    name: String(entry.name),
    in: entry.in,
    required: entry.required === true,
    default: isPlainObject(entry.schema) && "default" in entry.schema ? entry.schema.default : "",
  }));
}

/** `get_parameter_value`: the argument, else (optional) the schema's default or `""`. */
function parameterValue(entry: OperationParameter, args: Readonly<Record<string, unknown>>): unknown {
  if (Object.hasOwn(args, entry.name)) return args[entry.name];
  if (entry.required) throw new DifyToolError(`Missing required parameter ${entry.name}`);
  return entry.default;
}

/**
 * The body from the **first** media type (facts 60, 66–69): its properties converted, the required ones
 * refused when missing, defaults for the rest; then `json.dumps` only under exactly `application/json`,
 * `urlencode` only under exactly `application/x-www-form-urlencoded`, and anything else form-encoded by
 * httpx under the declared Content-Type.
 */
function requestBody(
  bundle: DifyApiBundle,
  document: Record<string, unknown>,
  args: Readonly<Record<string, unknown>>,
  headers: Record<string, string>,
): string | undefined {
  const requestBody = bundle.operation.requestBody;
  if (!isPlainObject(requestBody) || !isPlainObject(requestBody.content)) return undefined;
  const [first] = Object.entries(requestBody.content);
  if (!first) return undefined;
  const [contentType, media] = first;
  headers["Content-Type"] = contentType;
  if (!isPlainObject(media) || !("schema" in media)) throw new DifyToolError("'schema'");
  const body = bodyValues(bundle, callSchema(document, media.schema), args);
  if (contentType === "application/json") return pythonJsonDumps(body);
  if (contentType === "application/x-www-form-urlencoded") return emptyAsNone(pythonUrlencode(body));
  return emptyAsNone(httpxFormEncode(body));
}

function emptyAsNone(text: string): string | undefined {
  return text === "" ? undefined : text;
}

/** The call's own `$ref` reading (fact 60): `components.schemas.<last segment>`, if there. */
function callSchema(document: Record<string, unknown>, schema: unknown): Record<string, unknown> {
  if (!isPlainObject(schema)) return {};
  if (typeof schema.$ref !== "string") return schema;
  const name = schema.$ref.split("/").at(-1) ?? "";
  const components = isPlainObject(document.components) ? document.components : {};
  const schemas = isPlainObject(components.schemas) ? components.schemas : {};
  return Object.hasOwn(schemas, name) && isPlainObject(schemas[name]) ? schemas[name] : schema;
}

function bodyValues(
  bundle: DifyApiBundle,
  schema: Record<string, unknown>,
  args: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const required = Array.isArray(schema.required) ? schema.required : [];
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const body: Record<string, unknown> = {};
  const set = (name: string, value: unknown) =>
    Object.defineProperty(body, name, { value, enumerable: true, writable: true, configurable: true });
  for (const [name, given] of Object.entries(properties)) {
    const property = isPlainObject(given) ? given : {};
    if (Object.hasOwn(args, name)) set(name, bodyValue(name, property, args[name]));
    else if (required.includes(name))
      throw new DifyToolError(`Missing required parameter ${name} in operation ${bundle.name}`);
    else if ("default" in property) set(name, property.default);
  }
  return body;
}

function bodyValue(name: string, property: Record<string, unknown>, value: unknown): unknown {
  const items = isPlainObject(property.items) ? property.items : {};
  if (property.format === "binary" || (property.type === "array" && items.format === "binary"))
    throw new DifyNotReproducible(`${name} is a file parameter (format: binary): files are not modelled`);
  return "$ref" in property ? value : convertBodyValue(property, value);
}
