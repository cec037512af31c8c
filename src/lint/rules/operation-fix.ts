import type { FieldType, ParamSpec, RequestToolConfig } from "../../config/request-tool-config.js";
import type { ParameterObject } from "../../openapi/openapi-document.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import { splitPath } from "../../openapi/path-trie.js";
import { parseToolUrl, withoutQuery } from "../../openapi/tool-url.js";
import type { ConfigChange, Fix } from "../diagnostic.js";
import { schemaType } from "../spec-helpers.js";

/** What the tool sent, as the lookup saw it: its URL template, and the path looked up in the spec. */
export interface SentShape {
  /** `{{$vars.base_url}}/todos/:id`, path params without a placeholder appended. */
  url: string;
  /** `/todos/:id`, after the server's base path was taken off. */
  path: string;
}

const PLACEHOLDER = /^(?::([A-Za-z_][\w-]*)|\{([A-Za-z_][\w-]*)\})$/;
const PATH_PARAM_TYPES = new Set<string>(["string", "number", "integer", "boolean"]);

/**
 * The standard-profile fix that points a request tool at an operation, as one coherent change: the
 * method; the URL, the operation's path (`{x}` written `:x`) after the tool's base and the server base
 * path it already had; a required path param per placeholder, typed as the spec types it, taking over
 * the param whose placeholder stood at its place (`:id` → `:todoId`); and the tool's other path params
 * removed, since the standard profile would append them as segments (`/todos/1/1`).
 */
export function standardFixFor(config: RequestToolConfig, operation: IndexedOperation, sent: SentShape): Fix {
  const url = fixedUrl(config.url, operation, sent);
  const changes: ConfigChange[] = [
    { path: "method", value: operation.method },
    { path: "url", value: url },
  ];
  const renamed = renamedParams(sent.path, operation.path);
  const taken = new Set<string>();
  const said: string[] = [];
  for (const param of operation.parameters.filter((p) => p.in === "path")) {
    const placed = renamed.get(param.name);
    const own = config.queryParamsSchema ?? {};
    const from = placed !== undefined && own[placed] && !own[param.name] ? placed : param.name;
    const change = paramChange(config, operation, param, from);
    taken.add(from).add(param.name);
    changes.push(...change.changes);
    if (change.said) said.push(change.said);
  }
  for (const [name, spec] of Object.entries(config.queryParamsSchema ?? {})) {
    if (spec.in !== "path" || taken.has(name)) continue;
    changes.push({ path: `queryParamsSchema.${name}` });
    said.push(`without the path param ${name}`);
  }
  return {
    description: `${operation.method} ${url}${said.length > 0 ? ` with ${said.join(", ")}` : ""}`,
    changes,
  };
}

/** The tool's base (`{{$vars.base_url}}` or an origin), its server base path, the operation's path, its query. */
function fixedUrl(url: string, operation: IndexedOperation, sent: SentShape): string {
  const base = /^(\{\{[^{}]*\}\}|[a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url)?.[0] ?? "";
  const toolPath = parseToolUrl(sent.url).path;
  const basePath =
    sent.path !== "/" && toolPath.endsWith(sent.path) ? toolPath.slice(0, -sent.path.length) : "";
  const query = url.slice(withoutQuery(url).length);
  return `${base}${basePath}${operation.path.replace(/\{([^{}]+)\}/g, ":$1")}${query}`;
}

/** The operation's path params whose place the tool filled with a placeholder of another name: new → old. */
function renamedParams(sentPath: string, operationPath: string): Map<string, string> {
  const sent = splitPath(sentPath);
  const renamed = new Map<string, string>();
  splitPath(operationPath).forEach((segment, index) => {
    const name = /^\{([^{}]+)\}$/.exec(segment)?.[1];
    const placeholder = PLACEHOLDER.exec(sent[index] ?? "");
    const old = placeholder?.[1] ?? placeholder?.[2];
    if (name !== undefined && old !== undefined && old !== name) renamed.set(name, old);
  });
  return renamed;
}

/**
 * The param an operation's path param needs: required, in the path, of the spec's type. The tool's own
 * param for that place is renamed and changed key by key, so its description and its layout in the file
 * stay; without one, a param is written anew.
 */
function paramChange(
  config: RequestToolConfig,
  operation: IndexedOperation,
  param: ParameterObject,
  from: string,
): { changes: ConfigChange[]; said?: string } {
  const old = config.queryParamsSchema?.[from];
  const type = pathParamType(param);
  const typed = type === "string" ? "" : ` (${type})`;
  const path = `queryParamsSchema.${param.name}`;
  if (!old) {
    const description = param.description ?? `${param.name} of the ${operation.path.split("/")[1] ?? "item"}`;
    const value: ParamSpec = { type, in: "path", required: true, description };
    return { changes: [{ path, value }], said: `a required ${param.name} path param${typed}` };
  }
  const wanted: Partial<ParamSpec> = { type, in: "path", required: true };
  const changes: ConfigChange[] = Object.entries(wanted)
    .filter(([key, value]) => old[key as keyof ParamSpec] !== value)
    .map(([key, value]) => ({ path: `${path}.${key}`, value }));
  if (from !== param.name) {
    changes.unshift({ path: `queryParamsSchema.${from}`, renameTo: param.name });
    return { changes, said: `the path param ${from} renamed ${param.name}${typed}` };
  }
  return changes.length > 0 ? { changes, said: `a required ${param.name} path param${typed}` } : { changes };
}

/** A path param's type as the spec declares it; what a path cannot carry (an object, a list) is a string. */
function pathParamType(param: ParameterObject): FieldType {
  const type = schemaType(param.schema);
  return type !== undefined && PATH_PARAM_TYPES.has(type) ? (type as FieldType) : "string";
}
