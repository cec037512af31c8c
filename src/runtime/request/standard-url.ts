import type { ParamSpec } from "../../config/request-tool-config.js";
import { escapeRegExp } from "../../escape-reg-exp.js";

/**
 * The URL a standard-profile tool calls: `:key` and `{key}` placeholders are filled; a path param with
 * no placeholder is appended as a path segment (before any `?query`); a placeholder whose optional param
 * was not given is dropped with its segment; query params, and params declaring no `in`, go to the query
 * string (arrays as repeated keys, objects as JSON).
 */
export function buildStandardUrl(
  url: string,
  params: Record<string, unknown> | undefined,
  schema: Record<string, ParamSpec> | undefined,
): string {
  const given = params ?? {};
  const [beforeHash, hash = ""] = splitOnce(url, "#");
  let [path, search = ""] = splitOnce(beforeHash, "?");
  const query = new URLSearchParams(search);
  for (const [key, spec] of Object.entries(schema ?? {})) {
    const value = given[key];
    const present = value !== undefined && value !== null;
    if (spec.in === "path") path = present ? fillPath(path, key, String(value)) : dropPlaceholder(path, key);
    else if (present) appendQueryValue(query, key, value);
  }
  if (schema === undefined) {
    for (const [key, value] of Object.entries(given)) {
      if (value !== undefined && value !== null) appendQueryValue(query, key, value);
    }
  }
  const queryText = query.toString();
  return `${path}${queryText ? `?${queryText}` : ""}${hash ? `#${hash}` : ""}`;
}

function placeholder(key: string): RegExp {
  const name = escapeRegExp(key);
  return new RegExp(`:${name}\\b|\\{${name}\\}`, "g");
}

function fillPath(path: string, key: string, value: string): string {
  const pattern = placeholder(key);
  const encoded = encodeURIComponent(value);
  if (pattern.test(path)) return path.replace(placeholder(key), encoded);
  return `${path.endsWith("/") ? path.slice(0, -1) : path}/${encoded}`;
}

function dropPlaceholder(path: string, key: string): string {
  const name = escapeRegExp(key);
  return path.replace(new RegExp(`/(?::${name}\\b|\\{${name}\\})`, "g"), "");
}

function appendQueryValue(query: URLSearchParams, key: string, value: unknown): void {
  const values = Array.isArray(value) ? value : [value];
  for (const item of values)
    query.append(key, typeof item === "object" ? JSON.stringify(item) : String(item));
}

function splitOnce(text: string, separator: string): [string, string?] {
  const index = text.indexOf(separator);
  return index < 0 ? [text] : [text.slice(0, index), text.slice(index + 1)];
}
