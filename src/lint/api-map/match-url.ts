import { resolveVariables } from "../../runtime/variables.js";
import { type Api, type ApiMap, toHost } from "./api.js";

/** Why a URL's API is the one it is, or why it has none: what `--explain` says. */
export type ApiMatch =
  /** The request's host is one of the API's (its servers' or the hosts `apis:` gives). */
  | { api: Api; by: "host"; host: string }
  /** The URL starts with the variable the API names as its base URL (`baseUrlVar`). */
  | { api: Api; by: "base-url-var"; variable: string }
  /** The host is a variable with no value (or the URL is relative), and this is the only API in play. */
  | { api: Api; by: "single-spec"; variable: string | undefined }
  /** Every request goes to one service (`--base-url`), which this, the single description, describes. */
  | { api: Api; by: "base-url" }
  /** The host is known and no API names it: nothing compares its tools. */
  | { api?: undefined; by: "no-spec"; host: string }
  /** The host is a variable with no value and several APIs are in play: none is chosen. */
  | { api?: undefined; by: "unknown-host"; variable: string | undefined };

/** `{{$vars.base_url}}` or `{{ $vars.base_url }}` at the start of a URL. */
const LEADING_VAR = /^\s*\{\{\s*\$vars\.([\w.-]+)\s*\}\}/;
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i;

/**
 * The API a tool's request URL goes to: the API whose `baseUrlVar` the URL starts with, else the one whose
 * hosts hold the URL's host once its `{{$vars…}}` are read with `map.vars`; a host left unknown (a variable
 * without a value, a relative URL) is the single API's when there is exactly one.
 * @example
 * matchUrl(map, "https://api.hubapi.com/crm/v3/objects/contacts"); // { by: "no-spec", host: "api.hubapi.com" }
 */
export function matchUrl(map: ApiMap, url: string): ApiMatch {
  if (map.everyRequest) return { api: map.everyRequest, by: "base-url" };
  const leading = LEADING_VAR.exec(url)?.[1];
  const byVar = leading === undefined ? undefined : map.apis.find((api) => api.baseUrlVar === leading);
  if (byVar && leading !== undefined) return { api: byVar, by: "base-url-var", variable: leading };
  const resolved = resolveVariables(url, { vars: { ...map.vars } }, { keepUnknown: true });
  const text = resolved.ok ? resolved.text : url;
  const authority = ORIGIN.exec(text.trim())?.[1];
  const host = authority === undefined || authority.includes("{{") ? undefined : toHost(authority);
  if (host === undefined) {
    const variable = leading ?? /\{\{\s*\$vars\.([\w.-]+)\s*\}\}/.exec(authority ?? "")?.[1];
    const [only, ...others] = map.apis;
    return only && others.length === 0
      ? { api: only, by: "single-spec", variable }
      : { by: "unknown-host", variable };
  }
  const api = map.apis.find((candidate) => candidate.hosts.some((named) => sameHost(named, host)));
  return api ? { api, by: "host", host } : { by: "no-spec", host };
}

/** A named host without a port names every port of that host name; with one, only that port. */
function sameHost(named: string, host: string): boolean {
  if (named === host) return true;
  return !named.includes(":") && host.split(":")[0] === named;
}
