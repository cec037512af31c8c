import type { ParamSpec } from "../../../config/request-tool-config.js";
import { escapeRegExp } from "../../../text/escape-reg-exp.js";

/**
 * The URL a Flowise 3.1 GET/DELETE tool calls (reference/flowise-tools.md, "Building the GET/DELETE URL"):
 * `in: "path"` replaces every `:key` or, without one, is appended as `/value` after dropping one trailing
 * slash (so it lands after an existing `?query`); `in: "query"` goes through URLSearchParams; params with
 * no `in` are dropped; `{id}` placeholders are left alone. Without a schema every key is a query param.
 * Throws (as Flowise does) only for an invalid URL in the schema-less case.
 */
export function buildFlowiseUrl(
  url: string,
  params: Record<string, unknown> | undefined,
  schema: Record<string, ParamSpec> | undefined,
): string {
  if (!params) return url;
  const keys = Object.keys(params);
  if (keys.length === 0) return url;
  if (schema === undefined) return appendQuery(url, stringEntries(params));
  let result = url;
  let appended = "";
  const query: [string, string][] = [];
  // Index loops over the keys: this runs on every call of a GET or DELETE tool.
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const spec = schema[key];
    const value = params[key];
    if (!spec || value === undefined || value === null) continue;
    if (spec.in === "path" && result.includes(`:${key}`)) {
      result = result.replace(placeholderOf(key), encodeURIComponent(String(value)));
    } else if (spec.in === "path") {
      appended += `/${encodeURIComponent(String(value))}`;
    } else if (spec.in === "query") {
      query.push([key, String(value)]);
    }
  }
  if (appended !== "") result = (result.endsWith("/") ? result.slice(0, -1) : result) + appended;
  if (query.length === 0) return result;
  try {
    return appendQuery(result, query);
  } catch {
    // Flowise catches this and sends the URL as it stands.
    return result;
  }
}

/** `:key` as a global regex, made once per param name: a tool call should not compile regexes. */
const placeholders = new Map<string, RegExp>();

function placeholderOf(key: string): RegExp {
  let pattern = placeholders.get(key);
  if (!pattern) {
    pattern = new RegExp(`:${escapeRegExp(key)}\\b`, "g");
    placeholders.set(key, pattern);
  }
  return pattern;
}

function appendQuery(url: string, entries: [string, string][]): string {
  const parsed = new URL(url);
  for (const [key, value] of entries) parsed.searchParams.append(key, value);
  return parsed.toString();
}

function stringEntries(params: Record<string, unknown>): [string, string][] {
  return Object.entries(params).map(([key, value]) => [key, String(value)]);
}
