import type { ParameterObject } from "../../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../../openapi/operation-index.js";
import type { ToolRequest } from "../../tool-result.js";

type Args = Record<string, unknown>;

/** A request as sent: the recorded `ToolRequest` plus a non-text payload (multipart FormData). */
export type BuiltRequest = ToolRequest & { payload?: BodyInit };

export interface RequestPlan {
  operation: IndexedOperation;
  /** Absolute server URL without a trailing slash. */
  baseUrl: string;
  /** The parameters the LLM fills in (header parameters supplied by configuration are not here). */
  parameters: ParameterObject[];
  bodyMediaType: string | undefined;
  /** Configured headers, variables resolved. */
  headers: Record<string, string>;
}

/**
 * The HTTP request for validated arguments: every `{name}` of the path filled (OpenAPI "simple"
 * style), query parameters in "form" style (arrays repeated unless `explode: false`) or `deepObject`,
 * header and cookie parameters, and the body in its media type.
 */
export function buildStandardRequest(plan: RequestPlan, args: Args): BuiltRequest {
  const url = `${plan.baseUrl}${fillPath(plan, group(args, "PathParameters"))}${queryString(plan, group(args, "QueryParameters"))}`;
  const headers: Record<string, string> = { ...plan.headers };
  for (const [name, value] of Object.entries(group(args, "HeaderParameters")))
    headers[name] = simpleValue(value);
  const cookies = Object.entries(group(args, "CookieParameters")).map(
    ([name, value]) => `${name}=${encodeURIComponent(simpleValue(value))}`,
  );
  if (cookies.length > 0) headers.Cookie = cookies.join("; ");
  const request: BuiltRequest = { method: plan.operation.method, url, headers };
  if (args.RequestBody !== undefined && plan.bodyMediaType)
    addBody(request, plan.bodyMediaType, args.RequestBody);
  return request;
}

function group(args: Args, key: string): Args {
  const value = args[key];
  return typeof value === "object" && value !== null ? (value as Args) : {};
}

function fillPath(plan: RequestPlan, values: Args): string {
  return plan.operation.path.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`path parameter ${whole} has no value`);
    return encodeURIComponent(simpleValue(value));
  });
}

function queryString(plan: RequestPlan, values: Args): string {
  const query = new URLSearchParams();
  for (const parameter of plan.parameters.filter((p) => p.in === "query")) {
    const value = values[parameter.name];
    if (value === undefined) continue;
    appendQuery(query, parameter, value);
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

function appendQuery(query: URLSearchParams, parameter: ParameterObject, value: unknown) {
  const name = parameter.name;
  const explode = parameter.explode ?? (parameter.style === undefined || parameter.style === "form");
  if (Array.isArray(value)) {
    if (explode) for (const item of value) query.append(name, simpleValue(item));
    else query.append(name, value.map(simpleValue).join(","));
  } else if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    if (parameter.style === "deepObject")
      for (const [key, item] of entries) query.append(`${name}[${key}]`, simpleValue(item));
    else if (explode) for (const [key, item] of entries) query.append(key, simpleValue(item));
    else query.append(name, entries.flatMap(([key, item]) => [key, simpleValue(item)]).join(","));
  } else {
    query.append(name, simpleValue(value));
  }
}

/** OpenAPI "simple" style: arrays comma-joined, objects as `key,value` pairs, the rest as text. */
function simpleValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(simpleValue).join(",");
  if (typeof value === "object" && value !== null) {
    return Object.entries(value)
      .flatMap(([key, item]) => [key, simpleValue(item)])
      .join(",");
  }
  return String(value);
}

function addBody(request: BuiltRequest, mediaType: string, body: unknown) {
  const hasContentType = Object.keys(request.headers).some((name) => name.toLowerCase() === "content-type");
  const setType = () => {
    if (!hasContentType) request.headers["Content-Type"] = mediaType;
  };
  if (mediaType === "multipart/form-data") {
    const form = new FormData();
    for (const [key, value] of Object.entries(group({ body }, "body"))) form.append(key, formValue(value));
    request.payload = form;
    request.body = JSON.stringify(body);
    return;
  }
  setType();
  if (mediaType === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(group({ body }, "body"))) form.append(key, formValue(value));
    request.body = form.toString();
  } else if (mediaType.startsWith("text/") || typeof body === "string") {
    request.body = typeof body === "string" ? body : JSON.stringify(body);
  } else {
    request.body = JSON.stringify(body);
  }
}

function formValue(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}
