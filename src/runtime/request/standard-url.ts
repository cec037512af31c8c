import type { ParamSpec } from "../../config/request-tool-config.js";
import { escapeRegExp } from "../../text/escape-reg-exp.js";

/**
 * The URL a standard-profile tool calls: `:key` and `{key}` placeholders are filled; a path param with
 * no placeholder is appended as a path segment (before any `?query`); a placeholder whose optional param
 * was not given is dropped with its segment; query params, and params declaring no `in`, go to the query
 * string (arrays as repeated keys, objects as JSON), after the query as written: the written query is
 * never parsed again, since URLSearchParams would read a `+` as a space and send a base64 value changed.
 */
export function buildStandardUrl(
  url: string,
  params: Record<string, unknown> | undefined,
  schema: Record<string, ParamSpec> | undefined,
): string {
  const given = params ?? {};
  const [beforeHash, hash = ""] = splitOnce(url, "#");
  let [path, search = ""] = splitOnce(beforeHash, "?");
  // Made only when a param goes to the query: most tool calls have none.
  let query: URLSearchParams | undefined;
  const append = (key: string, value: unknown) => {
    query ??= new URLSearchParams();
    appendQueryValue(query, key, value);
  };
  for (const key in schema) {
    const spec = schema[key] as ParamSpec;
    const value = given[key];
    const present = value !== undefined && value !== null;
    if (spec.in === "path") path = present ? fillPath(path, key, String(value)) : dropPlaceholder(path, key);
    else if (present) append(key, value);
  }
  if (schema === undefined) {
    for (const [key, value] of Object.entries(given)) {
      if (value !== undefined && value !== null) append(key, value);
    }
  }
  const queryText = joinQuery(search, query?.toString() ?? "");
  return `${path}${queryText ? `?${queryText}` : ""}${hash ? `#${hash}` : ""}`;
}

/** The written query, then the added params; one `&` between them, none doubled. */
function joinQuery(written: string, added: string): string {
  if (written === "" || added === "") return written || added;
  return written.endsWith("&") ? `${written}${added}` : `${written}&${added}`;
}

/** The placeholder patterns of a param name, made once: a tool call should not compile regexes. */
const placeholders = new Map<string, { fill: RegExp; drop: RegExp }>();

function placeholdersOf(key: string): { fill: RegExp; drop: RegExp } {
  let patterns = placeholders.get(key);
  if (!patterns) {
    const name = escapeRegExp(key);
    patterns = {
      fill: new RegExp(`:${name}\\b|\\{${name}\\}`, "g"),
      drop: new RegExp(`/(?::${name}\\b|\\{${name}\\})`, "g"),
    };
    placeholders.set(key, patterns);
  }
  return patterns;
}

function fillPath(path: string, key: string, value: string): string {
  const encoded = encodeURIComponent(value);
  // The encoded value never reads as a placeholder (":" and braces are encoded): unchanged = none there.
  const filled = path.replace(placeholdersOf(key).fill, encoded);
  if (filled !== path) return filled;
  return `${path.endsWith("/") ? path.slice(0, -1) : path}/${encoded}`;
}

function dropPlaceholder(path: string, key: string): string {
  return path.replace(placeholdersOf(key).drop, "");
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
