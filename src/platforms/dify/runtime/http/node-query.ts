import { addToGroup } from "../../../../json/group-by.js";
import { httpxQuote } from "./python-urlencode.js";

/**
 * The URL httpx sends for `url` and `params` (reference/dify-tools.md fact 28; httpx 0.28
 * `URL.copy_merge_params`): without params, the URL as written; with them, the URL's own query read as
 * Python's `parse_qs` reads it (`+` a space, pairs grouped by key), each key the params name replacing
 * the URL's values of that key, and all written back with httpx's `quote`: `?a=1&b=x%20y`.
 */
export function urlWithParams(url: string, params: readonly [string, string][] | undefined): string {
  if (params === undefined) return url;
  const hash = url.indexOf("#");
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const question = beforeHash.indexOf("?");
  const base = question < 0 ? beforeHash : beforeHash.slice(0, question);
  const merged = parseQuery(question < 0 ? "" : beforeHash.slice(question + 1));
  const given = new Map<string, string[]>();
  for (const [key, value] of params) addToGroup(given, key, value);
  for (const [key, values] of given) merged.set(key, values);
  const query = [...merged].flatMap(([key, values]) =>
    values.map((value) => `${httpxQuote(key)}=${httpxQuote(value)}`),
  );
  return `${base}?${query.join("&")}${hash < 0 ? "" : url.slice(hash)}`;
}

/** Python's `parse_qs(query, keep_blank_values=True)`: `&`-separated pairs, `+` as space, grouped by key. */
function parseQuery(query: string): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const key = unquotePlus(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? "" : unquotePlus(pair.slice(equals + 1));
    addToGroup(grouped, key, value);
  }
  return grouped;
}

function unquotePlus(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
