import type { RequestToolConfig } from "../config/request-tool-config.js";
import { matchOperation, type OperationMatch } from "../openapi/match-operation.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import type { Profile } from "../profile.js";
import { toolProfileOf } from "../runtime/profiles/tool-profile-of.js";
import { escapeRegExp } from "../text/escape-reg-exp.js";

/** One URL a request tool can call, as a template, and what it reaches in the spec. */
export interface RequestShape {
  /** `{{$vars.base_url}}/events/:id` */
  url: string;
  /** True for the URL with every path param the tool has; false for the one with only the required ones. */
  full: boolean;
  match: OperationMatch;
}

/**
 * The URLs a request tool can send, before values: path params with a placeholder stay placeholders,
 * those without are appended as `/:name` (both profiles append them); under `flowise`, POST/PUT tools
 * carry no params at all. Two shapes when optional path params exist: all of them, and none.
 */
export function requestShapes(
  config: RequestToolConfig,
  profile: Profile,
  index: OperationIndex,
): RequestShape[] {
  const names = carriedPathParams(config, profile).map(([name]) => name);
  const required = new Set(
    carriedPathParams(config, profile)
      .filter(([, spec]) => spec.required)
      .map(([name]) => name),
  );
  const full = shapeUrl(config.url, names, () => true, profile);
  const shapes: RequestShape[] = [
    { url: full, full: true, match: matchOperation(index, config.method, full) },
  ];
  const minimal = shapeUrl(config.url, names, (name) => required.has(name), profile);
  if (minimal !== full)
    shapes.push({ url: minimal, full: false, match: matchOperation(index, config.method, minimal) });
  return shapes;
}

/** The path params a profile sends for this tool, in schema order. */
export function carriedPathParams(config: RequestToolConfig, profile: Profile) {
  if (!toolProfileOf(profile).carriesParams(config.method)) return [];
  return Object.entries(config.queryParamsSchema ?? {}).filter(([, spec]) => spec.in === "path");
}

/** The query params a profile sends for this tool (Flowise: GET/DELETE only; no `in` is dropped). */
export function carriedQueryParams(config: RequestToolConfig, profile: Profile) {
  const tool = toolProfileOf(profile);
  if (!tool.carriesParams(config.method)) return [];
  return Object.entries(config.queryParamsSchema ?? {}).filter(([, spec]) => tool.sendsInQuery(spec));
}

/**
 * The URL with the kept path params as placeholders (appended as `/:name` when the URL has none). A left-out
 * param's placeholder is dropped with its segment when the profile drops it (standard); Flowise sends it
 * literally.
 */
function shapeUrl(
  url: string,
  names: readonly string[],
  keep: (name: string) => boolean,
  profile: Profile,
): string {
  const index = url.indexOf("?");
  let path = index < 0 ? url : url.slice(0, index);
  const drops = toolProfileOf(profile).dropsOmittedPlaceholders;
  const query = index < 0 ? "" : url.slice(index);
  for (const name of names) {
    const placeholder = new RegExp(`/(?::${escapeRegExp(name)}\\b|\\{${escapeRegExp(name)}\\})`);
    if (keep(name) && !placeholder.test(path)) path = `${path.replace(/\/$/, "")}/:${name}`;
    else if (!keep(name) && drops) path = path.replace(placeholder, "");
  }
  return `${path}${query}`;
}
