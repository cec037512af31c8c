import type { BodyFieldSpec, ParamSpec, RequestToolConfig } from "../../../config/request-tool-config.js";
import { HttpMethodSchema } from "../../../config/request-tool-config.js";
import { isPlainObject } from "../../../json/json-value.js";
import type { CallView } from "../../platform.js";
import type { DifyHttpRequestConfig } from "../config/dify-http-request-config.js";
import { selectorPath, templateParts } from "../template/dify-template.js";
import { isEnvSelector, keyValueLines } from "./dify-rule-helpers.js";
import { difyViewFix } from "./dify-view-fix.js";
import { holdsSlot, readJsonTemplate, slotOfValue } from "./json-body-template.js";

/** An input the run fills, as the view's field describes it: the selector it comes from. */
const describe = (selector: string) => `the workflow's ${selector}`;

/**
 * The request a Dify HTTP Request node amounts to, for the core's rules on calls (reference/dify-tools.md
 * facts 10–12, 22, 26–29): its method upper-cased; its URL with `{{#env.X#}}` as `{{$vars.X}}` (the run's
 * variables, `--var X=…`) and each other reference that is a whole path segment a `{selector}` path param;
 * its params lines as query params (a reference a field the run fills, a literal one written in the URL's
 * query); its headers, and its API-key authorization as the header Dify sends; a JSON body's top-level
 * keys as fields (a quoted reference a string field, a literal value fixed). Undefined for HEAD and OPTIONS,
 * a URL that is not `http(s)://…` or `{{#env.X#}}…` as written, a URL that is one environment variable
 * with no path after it (its path is the variable's), or a reference inside a path segment.
 */
export function difyRequestView(config: DifyHttpRequestConfig): CallView | undefined {
  const method = HttpMethodSchema.safeParse(config.method.toUpperCase());
  const url = viewUrl(config.url);
  if (!method.success || url === undefined) return undefined;
  const params = queryParams(config.params);
  const view: RequestToolConfig = {
    kind: "request",
    method: method.data,
    name: config.name,
    description: config.desc ?? "",
    url:
      params.literal === "" ? url.text : `${url.text}${url.text.includes("?") ? "&" : "?"}${params.literal}`,
    headers: headersOf(config),
  };
  const all = { ...url.inPath, ...params.fields };
  if (Object.keys(all).length > 0) view.queryParamsSchema = all;
  addJsonBody(view, config);
  const inPath = new Set(Object.keys(url.inPath));
  const inQuery = new Set(Object.keys(params.fields));
  return {
    config: view,
    pathOf: (path) => pathInNode(path, { inPath, inQuery, authHeader: authHeaderName(config) }),
    fixOf: (changes) => difyViewFix(config, { inPath, paramsQuery: params.literal }, changes),
  };
}

/**
 * A template's text with `{{#env.X#}}` as `{{$vars.X}}` (tooldeck's variables) and each other reference
 * as `other` writes it (`{selector}`, a placeholder); `text` writes the literal parts.
 */
export function viewText(
  template: string,
  other = (selector: string) => `{${selector}}`,
  text = (literal: string) => literal,
): string {
  return templateParts(template)
    .map((part) => {
      if (!("selector" in part)) return text(part.text);
      const { node, path } = selectorPath(part.selector);
      return node === "env" ? `{{$vars.${path.join(".")}}}` : other(part.selector);
    })
    .join("");
}

/** A reference the run fills, in a header or a query value: a `{{…}}` the core reads as a variable. */
const asVariable = (selector: string) => `{{${selector}}}`;

/** The URL as the view writes it, and its path params: the references that are whole path segments. */
function viewUrl(template: string): { text: string; inPath: Record<string, ParamSpec> } | undefined {
  const text = viewText(template);
  if (!/^(?:https?:\/\/|\{\{\$vars\.)/i.test(text)) return undefined;
  const path = text.replace(/^(?:https?:\/\/[^/?#]*|\{\{\$vars\.[^{}]*\}\})/i, "").split(/[?#]/)[0] ?? "";
  // `{{#env.API_URL#}}` alone: the variable holds the whole URL, path and all, so the path is not "/".
  if (path === "" && text.startsWith("{{$vars.")) return undefined;
  const inPath: [string, ParamSpec][] = [];
  for (const segment of path.split("/")) {
    const whole = /^\{([^{}]+)\}$/.exec(segment)?.[1];
    if (whole !== undefined)
      inPath.push([whole, { type: "string", in: "path", required: true, description: describe(whole) }]);
    // `/files/{start.name}.pdf`: a value inside a segment is no path param the core can match.
    else if (/\{[^{}]*\}/.test(segment.replace(/\{\{\$vars\.[^{}]*\}\}/g, ""))) return undefined;
  }
  // A reference in the host is an address the run decides.
  if (/^https?:\/\/[^/?#]*\{(?!\{)/i.test(text)) return undefined;
  return { text, inPath: Object.fromEntries(inPath) };
}

/** Params lines (fact 28: split first, each key and value rendered apart): a reference a field, literal ones a query string. */
function queryParams(text: string): { fields: Record<string, ParamSpec>; literal: string } {
  const fields: [string, ParamSpec][] = [];
  const literal: string[] = [];
  for (const { key, value } of keyValueLines(text)) {
    const [only, ...more] = templateParts(value);
    if (only && "selector" in only && more.length === 0 && !isEnvSelector(only.selector))
      fields.push([
        key,
        { type: "string", in: "query", required: true, description: describe(only.selector) },
      ]);
    else literal.push(`${encodeURIComponent(key)}=${viewText(value, asVariable, encodeURIComponent)}`);
  }
  return { fields: Object.fromEntries(fields), literal: literal.join("&") };
}

/** The headers Dify sends from the node's text and its API-key authorization (fact 34: it overrides the same name). */
function headersOf(config: DifyHttpRequestConfig): Record<string, string> {
  const headers: [string, string][] = keyValueLines(config.headers).map(({ key, value }) => [
    key,
    viewText(value, asVariable),
  ]);
  const { authorization } = config;
  if (authorization.type === "api-key") {
    const key = viewText(authorization.config.api_key, asVariable);
    const value =
      authorization.config.type === "bearer"
        ? `Bearer ${key}`
        : authorization.config.type === "basic"
          ? `Basic ${key}`
          : key;
    headers.push([authHeaderName(config) ?? "Authorization", value]);
  }
  return Object.fromEntries(headers);
}

function authHeaderName(config: DifyHttpRequestConfig): string | undefined {
  const { authorization } = config;
  if (authorization.type !== "api-key") return undefined;
  return authorization.config.header?.trim() || "Authorization";
}

/** A JSON body's top-level keys: a reference that is the whole value a field, the rest fixed (fact 29). */
function addJsonBody(view: RequestToolConfig, config: DifyHttpRequestConfig): void {
  const [item, ...more] = config.body.data;
  if (config.body.type !== "json" || !item || more.length > 0 || view.method === "GET") return;
  const template = readJsonTemplate(item.value);
  if (!template.parsed.ok || !isPlainObject(template.parsed.value)) return;
  const fields: [string, BodyFieldSpec][] = [];
  const fixed: [string, unknown][] = [];
  for (const [key, value] of Object.entries(template.parsed.value)) {
    const slot = slotOfValue(value, template.slots);
    if (slot?.quoted)
      fields.push([key, { type: "string", required: true, description: describe(slot.selector) }]);
    // An unquoted value's type is the variable's, which the node does not say: sent, not typed.
    else if (slot) fixed.push([key, `{{${slot.selector}}}`]);
    else fixed.push([key, holdsSlot(value) ? "{{…}}" : value]);
  }
  if (fields.length > 0) view.bodySchema = Object.fromEntries(fields);
  if (fixed.length > 0) view.body = Object.fromEntries(fixed);
}

/** Where a field of the view is written in the node. */
function pathInNode(
  path: string,
  node: { inPath: ReadonlySet<string>; inQuery: ReadonlySet<string>; authHeader: string | undefined },
): string {
  if (path === "method") return "method";
  if (path.startsWith("queryParamsSchema.")) {
    const name = path.slice("queryParamsSchema.".length);
    if ([...node.inPath].some((param) => name === param || name.startsWith(`${param}.`))) return "url";
    return "params";
  }
  if (path.startsWith("headers")) {
    const name = path.slice("headers.".length);
    return node.authHeader !== undefined && name === node.authHeader
      ? "authorization.config.api_key"
      : "headers";
  }
  if (path.startsWith("body")) return "body.data[0].value";
  return path === "" ? "" : "url";
}
