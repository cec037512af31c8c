import type {
  BodyFieldSpec,
  HttpMethod,
  ParamSpec,
  RequestToolConfig,
} from "../../../config/request-tool-config.js";
import { HttpMethodSchema } from "../../../config/request-tool-config.js";
import { isPlainObject } from "../../../json/json-value.js";
import type { CallView } from "../../platform.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import { type FromAiCall, scanFromAiCalls } from "../expression/from-ai-calls.js";
import { LEGACY_HTTP_TOOL } from "../n8n-node-types.js";
import { defineOwn } from "../schema/json-schema.js";
import { descriptionOf } from "../schema/tool-description.js";
import { legacyRequestView } from "./n8n-legacy-request-view.js";
import { replaceTemplateCodes } from "./n8n-rule-helpers.js";
import { n8nViewFix } from "./n8n-view-fix.js";

/**
 * The request tool an n8n HTTP Request tool node amounts to, for the core's rules on calls: its Method,
 * its URL with each `{{ $fromAI('key') }}` as a `{key}` path param and `{{ $vars.x }}` as
 * `{{$vars.x}}`, its keypair query and body rows (a `$fromAI` value a field the model fills, typed by
 * its call, required without a default; a fixed value kept fixed) and its fixed headers; the legacy
 * node's in `legacyRequestView`. Undefined for a URL the model writes whole, or one that needs an
 * expression tooldeck does not read.
 */
export function n8nRequestView(config: N8nHttpToolConfig): CallView | undefined {
  if (config.type === LEGACY_HTTP_TOOL) return legacyRequestView(config);
  const { parameters } = config;
  const method = HttpMethodSchema.safeParse(String(parameters.method ?? "GET").toUpperCase());
  const url = urlTemplate(parameters.url);
  if (!method.success || url === undefined || !/^(?:https?:\/\/|\{\{\$vars\.)/i.test(url.text))
    return undefined;
  const view: RequestToolConfig = {
    kind: "request",
    method: method.data,
    // Findings name the node as the n8n editor shows it.
    name: config.name,
    description: descriptionOf(config),
    url: url.text,
    headers: fixedRows(parameters, "sendHeaders", "headerParameters"),
  };
  const inPath = pathParams(url.calls);
  const params = { ...inPath, ...queryParams(parameters) };
  if (Object.keys(params).length > 0) view.queryParamsSchema = params;
  addBody(view, parameters, method.data);
  const pathKeys = new Set(Object.keys(inPath));
  const source = { parameters, inPath: pathKeys, renderUrl: (raw: string) => urlTemplate(raw)?.text };
  return {
    config: view,
    pathOf: (path) => pathInNode(path, pathKeys),
    fixOf: (changes) => n8nViewFix(source, changes),
  };
}

/** The URL as a request tool's template, with the `$fromAI` calls that fill its placeholders. */
function urlTemplate(value: unknown): { text: string; calls: FromAiCall[] } | undefined {
  if (typeof value !== "string") return undefined;
  if (!value.startsWith("=")) return { text: value, calls: [] };
  const calls: FromAiCall[] = [];
  let readable = true;
  // `{{ … }}` read as text: the lint rules run no parser (the CLI loads none).
  const text = replaceTemplateCodes(value.slice(1), (code) => {
    const vars = /^\s*\$vars\.(\w+)\s*$/.exec(code);
    if (vars) return `{{$vars.${vars[1]}}}`;
    const call = onlyCall(code);
    if (call === undefined) readable = false;
    else calls.push(call);
    return call ? `{${call.key}}` : "";
  });
  return readable ? { text, calls } : undefined;
}

/** The one `$fromAI(…)` call an expression is, or undefined when it is anything else. */
function onlyCall(code: string): FromAiCall | undefined {
  if (!/^\s*\$fromai\s*\([\s\S]*\)\s*$/i.test(code)) return undefined;
  const scan = scanFromAiCalls(code);
  return scan.ok && scan.calls.length === 1 ? scan.calls[0] : undefined;
}

function pathParams(calls: readonly FromAiCall[]): Record<string, ParamSpec> {
  const params: Record<string, ParamSpec> = {};
  for (const call of calls) defineOwn(params, call.key, { ...fieldOf(call), in: "path", required: true });
  return params;
}

function queryParams(parameters: Record<string, unknown>): Record<string, ParamSpec> {
  const params: Record<string, ParamSpec> = {};
  for (const [name, call] of modelRows(parameters, "sendQuery", "queryParameters")) {
    defineOwn(params, name, { ...fieldOf(call), in: "query", required: call.defaultValue === undefined });
  }
  return params;
}

function addBody(view: RequestToolConfig, parameters: Record<string, unknown>, method: HttpMethod): void {
  if (method === "GET" || parameters.specifyBody === "json" || parameters.specifyBody === "string") return;
  const fields: Record<string, BodyFieldSpec> = {};
  for (const [name, call] of modelRows(parameters, "sendBody", "bodyParameters")) {
    defineOwn(fields, name, { ...fieldOf(call), required: call.defaultValue === undefined });
  }
  const fixed = fixedRows(parameters, "sendBody", "bodyParameters");
  if (Object.keys(fields).length > 0) view.bodySchema = fields;
  if (Object.keys(fixed).length > 0) view.body = fixed;
}

function fieldOf(call: FromAiCall): { type: BodyFieldSpec["type"]; description?: string } {
  const type = call.type === "json" ? "object" : call.type;
  return call.description ? { type, description: call.description } : { type };
}

/** Rows whose value is one `$fromAI` call, by literal name. */
function modelRows(
  parameters: Record<string, unknown>,
  send: string,
  collection: string,
): [string, FromAiCall][] {
  return rowsOf(parameters, send, collection).flatMap(([name, value]) => {
    const call =
      typeof value === "string" && value.startsWith("=")
        ? onlyCall(value.slice(1).replace(/^\s*\{\{|\}\}\s*$/g, ""))
        : undefined;
    return call ? [[name, call]] : [];
  });
}

/** Rows whose value is written out (no expression), by literal name. */
function fixedRows(
  parameters: Record<string, unknown>,
  send: string,
  collection: string,
): Record<string, string> {
  const fixed: Record<string, string> = {};
  for (const [name, value] of rowsOf(parameters, send, collection)) {
    if (typeof value !== "object" && !String(value).startsWith("="))
      defineOwn(fixed, name, String(value ?? ""));
  }
  return fixed;
}

function rowsOf(parameters: Record<string, unknown>, send: string, collection: string): [string, unknown][] {
  if (parameters[send] !== true) return [];
  const rows = isPlainObject(parameters[collection]) ? parameters[collection].parameters : undefined;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) =>
    isPlainObject(row) && typeof row.name === "string" && row.name !== "" && !row.name.startsWith("=")
      ? [[row.name, row.value] as [string, unknown]]
      : [],
  );
}

/** A field of the view as a path in the node: the URL and its path params are `parameters.url`, the rest the rows. */
function pathInNode(path: string, inPath: ReadonlySet<string>): string {
  const param = /^queryParamsSchema\.([^.]+)/.exec(path)?.[1];
  if (path === "url" || (param !== undefined && inPath.has(param))) return "parameters.url";
  if (param !== undefined) return "parameters.queryParameters";
  if (path.startsWith("headers")) return "parameters.headerParameters";
  if (path.startsWith("body")) return "parameters.bodyParameters";
  return "parameters";
}
