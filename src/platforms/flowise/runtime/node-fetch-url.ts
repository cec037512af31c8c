/** What Node's legacy `url.parse` escapes (its `autoEscape`), which node-fetch 2 applies to every URL. */
const AUTO_ESCAPE: Readonly<Record<string, string>> = {
  "\t": "%09",
  "\n": "%0A",
  "\r": "%0D",
  " ": "%20",
  '"': "%22",
  "'": "%27",
  "<": "%3C",
  ">": "%3E",
  "\\": "%5C",
  "^": "%5E",
  "`": "%60",
  "{": "%7B",
  "|": "%7C",
  "}": "%7D",
};
const ESCAPED = /[\t\n\r "'<>\\^`{|}]/g;
const HAS_ESCAPED = /[\t\n\r "'<>\\^`{|}]/;

/**
 * The URL as node-fetch 2.7 (Flowise 3.1's request tools) puts it on the wire: normalised by the WHATWG
 * URL parser, then read by Node's legacy `url.parse`, which percent-encodes `{ } | ^ \` and the like in
 * the path and the query too. So a chatflow's literal `{{current_date_time}}` goes out as
 * `%7B%7Bcurrent_date_time%7D%7D` in a query as in a path, where Node's own fetch would send the braces.
 * @example
 * nodeFetchUrl("http://h/log?at={{current_date_time}}"); // "http://h/log?at=%7B%7Bcurrent_date_time%7D%7D"
 */
export function nodeFetchUrl(url: string): string {
  const normalised = new URL(url).toString();
  const authority = normalised.indexOf("//");
  const path = authority === -1 ? -1 : normalised.indexOf("/", authority + 2);
  if (path === -1) return normalised;
  const rest = normalised.slice(path);
  if (!HAS_ESCAPED.test(rest)) return normalised;
  return normalised.slice(0, path) + rest.replace(ESCAPED, (char) => AUTO_ESCAPE[char] as string);
}
