import { stringify } from "qs";
import { isPlainObject } from "../../../../json/json-value.js";
import type { ToolRequest } from "../../../../runtime/tool-result.js";
import { parseN8nValue } from "../../expression/n8n-expression.js";
import type { LegacyParameter, LegacyPart, LegacyPlan } from "../../schema/legacy-parameters.js";
import { textOf } from "../../schema/legacy-parameters.js";
import type { Authentication } from "../credential-auth.js";
import { NotReproducible } from "../node-failure.js";

/** The legacy node's HTTP client (axios) headers (reference fact 51). */
const LEGACY_HEADERS = { accept: "application/json, text/plain, */*", "user-agent": "axios/1.18.0" };
const PLACEHOLDER = /\{([a-zA-Z0-9_-]+)\}/g;

/**
 * The request the legacy `toolHttpRequest` 1.1 sends for one call (reference section 7): URL
 * placeholders filled (quotes stripped) and the URL passed through `encodeURI` (fact 48); fixed rows,
 * then the model's values (fact 49); JSON texts with string placeholders quoted for the author (fact 50);
 * axios's headers (fact 51). An expression in a parameter is not evaluated: such a call is not reproduced.
 */
export function buildLegacyRequest(
  parameters: Record<string, unknown>,
  plan: LegacyPlan,
  auth: Authentication,
  args: Record<string, unknown>,
): ToolRequest {
  const method = String(parameters.method ?? "GET").toUpperCase();
  const url = fillUrl(plainText(parameters.url, "url"), args);
  const headers: Record<string, string> = { ...LEGACY_HEADERS };
  let query: Record<string, unknown> = {};
  let body: unknown;
  for (const part of plan.parts) {
    const values = partValues(part, plan.parameters, args);
    if (part.sendIn === "qs") query = values;
    else if (part.sendIn === "headers")
      for (const [name, value] of Object.entries(values)) headers[name.toLowerCase()] = String(value);
    else body = values;
  }
  applyAuth(auth, headers, query);
  const request: ToolRequest = { method, url: withQuery(url, query), headers };
  if (body !== undefined && method !== "GET") {
    request.headers["content-type"] ??= "application/json";
    request.body = JSON.stringify(body);
  }
  return request;
}

function plainText(value: unknown, name: string): string {
  const parsed = parseN8nValue(value);
  if (parsed.kind === "expression" && parsed.parts.some((part) => part.kind !== "text")) {
    throw new NotReproducible(`the legacy node's ${name} is an n8n expression tooldeck does not evaluate`);
  }
  return textOf(value);
}

/** `{id}` → the value, surrounding quotes stripped (fact 48); then `encodeURI` over the whole URL. */
function fillUrl(url: string, args: Record<string, unknown>): string {
  const filled = url.replace(PLACEHOLDER, (whole, name: string) => {
    const value = ownValue(args, name);
    if (value === undefined) return whole;
    return String(value).replace(/^(['"])(.*)\1$/, "$2");
  });
  return encodeURI(filled);
}

/** One part's values: its fixed rows with placeholders filled, then the model's (fact 49). */
function partValues(
  part: LegacyPart,
  parameters: readonly LegacyParameter[],
  args: Record<string, unknown>,
): Record<string, unknown> {
  if (part.specify === "model") {
    const given = ownValue(args, part.sendIn);
    return isPlainObject(given) ? { ...given } : {};
  }
  if (part.specify === "json") return fillJson(part.json, args);
  const values: Record<string, unknown> = {};
  for (const [name, value] of part.fixed)
    define(
      values,
      name,
      value.replace(PLACEHOLDER, (whole, key: string) => textValue(ownValue(args, key), whole)),
    );
  for (const parameter of parameters) {
    if (parameter.sendIn !== part.sendIn || parameter.key !== undefined) continue;
    const value = ownValue(args, parameter.name);
    if (value !== undefined) define(values, parameter.name, value);
  }
  return values;
}

/**
 * A JSON text with its placeholders filled: a string as a JSON string whether or not the template quotes
 * it, other values as JSON (fact 50); the result parsed, so the body is sent compact.
 */
function fillJson(template: string, args: Record<string, unknown>): Record<string, unknown> {
  const filled = template.replace(/"?\{([a-zA-Z0-9_-]+)\}"?/g, (whole, name: string) => {
    const value = ownValue(args, name);
    return value === undefined ? whole : JSON.stringify(value);
  });
  try {
    const parsed: unknown = JSON.parse(filled);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    throw new NotReproducible("the legacy node's JSON text is not valid JSON once filled");
  }
}

function textValue(value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

function applyAuth(
  auth: Authentication,
  headers: Record<string, string>,
  query: Record<string, unknown>,
): void {
  if (auth.kind === "header") headers[auth.name.toLowerCase()] = auth.value;
  else if (auth.kind === "basic")
    headers.authorization = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString("base64")}`;
  else if (auth.kind === "bearer") headers.authorization = `Bearer ${auth.token}`;
  else if (auth.kind === "query") define(query, auth.name, auth.value);
}

function withQuery(url: string, query: Record<string, unknown>): string {
  const serialized = stringify(query, { arrayFormat: "indices" });
  if (serialized === "") return url;
  return `${url}${url.includes("?") ? "&" : "?"}${serialized}`;
}

function ownValue(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
