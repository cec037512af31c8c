import type { UrlSegment } from "./path-trie.js";
import { splitPath } from "./path-trie.js";

/** A tool URL taken apart for matching: where it points (when absolute) and its path segments. */
export interface ToolUrl {
  /** `http://localhost:5566`, lower-case; absent for relative URLs, `{{$vars.base_url}}/…` and templated hosts. */
  origin: string | undefined;
  /** The path without query, fragment or trailing slash, as the tool writes it: `/events/:id`. */
  path: string;
}

/**
 * Takes a concrete URL or a tool URL template apart: a leading `{{…}}` variable (the base URL) is
 * dropped, the query and fragment are dropped, trailing slashes are dropped.
 */
export function parseToolUrl(url: string): ToolUrl {
  let rest = url.trim().replace(/^(\{\{[^{}]*\}\})+/, "");
  let origin: string | undefined;
  const absolute = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(rest);
  if (absolute) {
    // A templated host (`http://{{$vars.host}}`) is as unknown as a `{{$vars.base_url}}` prefix.
    origin = absolute[1]?.includes("{{") ? undefined : absolute[1]?.toLowerCase();
    rest = rest.slice(absolute[0].length);
  }
  const path = withoutQuery(rest).replace(/\/+$/, "");
  return { origin, path: path.startsWith("/") ? path : `/${path}` };
}

/** Cuts `?query` and `#fragment`, but not a `?` or `#` inside a `{{…}}` variable. */
export function withoutQuery(text: string): string {
  const cut = /\{\{[^{}]*\}\}|[?#]/g;
  for (let match = cut.exec(text); match; match = cut.exec(text)) {
    if (match[0] === "?" || match[0] === "#") return text.slice(0, match.index);
  }
  return text;
}

/** The segments of a path; `:id`, `{id}` and segments holding `{{…}}` are placeholders. */
export function toUrlSegments(path: string): UrlSegment[] {
  return splitPath(path).map((segment) => {
    if (/^:[A-Za-z_][\w-]*$/.test(segment) || /^\{[^{}]+\}$/.test(segment) || segment.includes("{{")) {
      return { kind: "placeholder", raw: segment };
    }
    return { kind: "literal", value: safeDecode(segment) };
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
