import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { loadToolConfigs } from "../config/load-tool-configs.js";
import { type Api, type ApiMap, toHost } from "../lint/api-map/api.js";
import { loadSpecIndex } from "../lint/load-check-inputs.js";
import type { ApiEntry } from "../lint/settings/settings-layer.js";
import type { OperationIndex } from "../openapi/operation-index.js";
import { serverUrlWithDefaults, splitServerUrl } from "../openapi/server-url.js";
import type { SpecReadOptions } from "../openapi/spec-read-options.js";
import { EVENT_API_BASE_URL_VAR, EVENT_API_HOSTS } from "./event-api-hosts.js";

/** Where the descriptions of a run come from, in the order they are matched. */
export interface ApiSources {
  /** `--spec` (repeatable). */
  given: readonly string[];
  /** `apis:` of the settings file, by name. */
  configured: ReadonlyMap<string, ApiEntry>;
  /** The descriptions found among the paths (any file whose root has `openapi:` or `swagger:`). */
  found: readonly string[];
  /** `--var` values the tools' URLs are read with. */
  vars: Readonly<Record<string, string>>;
}

/**
 * The API map of a run: every description given (`--spec`), named in `apis:`, or found among the paths,
 * each with the hosts of its servers (server variables at their defaults) and those `apis:` adds; when
 * there is none of those, tools/'s own. The description serving the event service's hosts
 * (tools/event-api.openapi.yaml) also answers for the embedded service's host and the tutorial's
 * `{{$vars.base_url}}`. `note` hears which descriptions are used.
 * @example
 * const map = await loadApiMap({ given: ["tools/event-api.openapi.yaml"], configured: new Map(), found: [], vars: {} }, read);
 */
export async function loadApiMap(
  sources: ApiSources,
  read: SpecReadOptions,
  note: (message: string) => void = () => {},
): Promise<ApiMap> {
  const apis: Api[] = [];
  const seen = new Set<string>();
  const add = async (path: string, from: string, entry?: ApiEntry, name?: string) => {
    const key = resolve(path);
    if (seen.has(key)) return;
    seen.add(key);
    apis.push(toApi(await loadSpecIndex(path, read), from, entry, name));
  };
  for (const [name, entry] of sources.configured) await add(shownPath(entry.spec), entry.origin, entry, name);
  for (const path of sources.given) await add(path, "--spec");
  for (const path of sources.found) await add(path, "found among the paths");
  if (apis.length === 0 && existsSync("tools")) {
    for (const path of loadToolConfigs(["tools"], read).specs) await add(path, "found in tools/");
  }
  if (apis.length === 0)
    note("no OpenAPI description given (--spec) or found: the rules that compare with it are skipped");
  else if (apis.length > 1)
    note(`comparing each tool with the description of its API's host: ${apis.map(describeApi).join("; ")}`);
  return { apis, vars: sources.vars };
}

/** An API of one description (and what `apis:` says of it); `inferred` too, from traffic. */
export function toApi(spec: OperationIndex, from: string, entry?: ApiEntry, name?: string): Api {
  const hosts = new Set([
    ...serverHosts(spec),
    ...(entry?.hosts ?? []).flatMap((host) => toHost(host) ?? []),
  ]);
  // The tutorial's description answers for the embedded event service and its `{{$vars.base_url}}`.
  const eventApi = EVENT_API_HOSTS.some((host) => hosts.has(host));
  if (eventApi) for (const host of EVENT_API_HOSTS) hosts.add(host);
  const baseUrlVar = entry?.baseUrlVar ?? (eventApi ? EVENT_API_BASE_URL_VAR : undefined);
  return {
    name: name ?? spec.title,
    spec,
    hosts: [...hosts],
    ...(baseUrlVar === undefined ? {} : { baseUrlVar }),
    from,
  };
}

/** The hosts of every server a description names (document, path and operation servers). */
function serverHosts(spec: OperationIndex): string[] {
  const servers = [
    ...(spec.spec.document.servers ?? []),
    ...spec.operations.flatMap((operation) => operation.servers),
  ];
  return servers.flatMap((server) => {
    if (typeof server?.url !== "string") return [];
    const { origin } = splitServerUrl(serverUrlWithDefaults(server));
    const host = origin === undefined || origin.includes("{") ? undefined : toHost(origin);
    return host === undefined ? [] : [host];
  });
}

/** `Event Management API (tools/event-api.openapi.yaml: localhost:5566, …)` */
function describeApi(api: Api): string {
  const hosts = api.hosts.length > 0 ? api.hosts.join(", ") : "no host";
  return `${api.name} (${hosts}${api.baseUrlVar ? `, {{$vars.${api.baseUrlVar}}}` : ""})`;
}

/** A path as notes and reports show it: relative to the working directory when inside it. */
function shownPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown.startsWith("..") || shown === "" ? path : shown;
}
