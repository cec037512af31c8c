import type { BodyFieldSpec, ParamSpec, RequestToolConfig } from "../../../config/request-tool-config.js";
import { HttpMethodSchema } from "../../../config/request-tool-config.js";
import type { CallView } from "../../platform.js";
import type { DifyApiParameter } from "../api-tool/api-tool-bundle.js";
import { difyModelTool } from "../api-tool/api-tool-schema.js";
import { apiToolOf } from "../api-tool/load-api-bundles.js";
import { pythonStr } from "../api-tool/python-text.js";
import type { DifyApiToolConfig, DifyFixedValue } from "../config/dify-api-tool-config.js";

/**
 * The request tool a Dify API tool amounts to, for the core's rules on calls (operation-not-found,
 * undeclared params, body fields, types, secrets): its method and `servers[0].url + path`, each path and
 * query parameter the model fills a `{name}` param, typed as the model is told (fact 59: object, array,
 * `oneOf`… are strings), each body property it fills a body field, fixed constants fixed, header
 * parameters and the credentials' header as fixed headers. Undefined when the document cannot be read or
 * the method is one a request tool has no word for (HEAD, OPTIONS, TRACE).
 */
export function difyApiRequestView(config: DifyApiToolConfig): CallView | undefined {
  const loaded = apiToolOf(config);
  const method = HttpMethodSchema.safeParse(loaded?.bundle.method.toUpperCase());
  if (!loaded || !method.success) return undefined;
  const { bundle } = loaded;
  const model = difyModelTool(bundle, config);
  const view: RequestToolConfig = {
    kind: "request",
    method: method.data,
    name: bundle.name,
    description: model.description,
    url: bundle.url,
    headers: credentialHeaders(config),
  };
  const params: Record<string, ParamSpec> = {};
  const bodySchema: Record<string, BodyFieldSpec> = {};
  const body: Record<string, unknown> = {};
  const query: string[] = [];
  for (const parameter of bundle.parameters) {
    if (parameter.type === "file" || parameter.type === "files") continue;
    const fixed = constantOf(config.parameters[parameter.name]);
    if (Object.hasOwn(config.parameters, parameter.name) && fixed !== undefined) {
      if (parameter.in === "path") view.url = view.url.replaceAll(`{${parameter.name}}`, fixed);
      else if (parameter.in === "query")
        query.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(fixed)}`);
      else if (parameter.in === "header") view.headers[parameter.name] = fixed;
      else if (parameter.in === "body") body[parameter.name] = config.parameters[parameter.name]?.value;
      continue;
    }
    if (parameter.in === "path" || parameter.in === "query") params[parameter.name] = paramSpec(parameter);
    else if (parameter.in === "body") bodySchema[parameter.name] = fieldSpec(parameter);
  }
  if (query.length > 0) view.url += `${view.url.includes("?") ? "&" : "?"}${query.join("&")}`;
  if (Object.keys(params).length > 0) view.queryParamsSchema = params;
  if (Object.keys(bodySchema).length > 0) view.bodySchema = bodySchema;
  if (Object.keys(body).length > 0) view.body = body;
  return { config: view, pathOf: (path) => configPathOf(path) };
}

/** A fixed value as text when it is a constant of the DSL (no variable, no reference), else undefined. */
function constantOf(fixed: DifyFixedValue | undefined): string | undefined {
  if (!fixed || fixed.type === "variable") return undefined;
  const text = pythonStr(fixed.value);
  return /\{\{#/.test(text) ? undefined : text;
}

function paramSpec(parameter: DifyApiParameter): ParamSpec {
  return {
    type: parameter.type as ParamSpec["type"],
    in: parameter.in,
    ...(parameter.required ? { required: true } : {}),
    ...(parameter.description ? { description: parameter.description } : {}),
  };
}

function fieldSpec(parameter: DifyApiParameter): BodyFieldSpec {
  return {
    type: parameter.type as BodyFieldSpec["type"],
    ...(parameter.required ? { required: true } : {}),
    ...(parameter.description ? { description: parameter.description } : {}),
  };
}

/** The header the credentials send, so the core's secrets rule sees a key written in the config. */
function credentialHeaders(config: DifyApiToolConfig): Record<string, string> {
  const { credentials } = config;
  if (credentials.auth_type !== "api_key_header" && credentials.auth_type !== "api_key") return {};
  if (credentials.api_key_value === undefined) return {};
  return { [credentials.api_key_header ?? "Authorization"]: credentials.api_key_value };
}

/** A finding on a param or body field lies at the fixed value of that name, if any; the rest on the tool. */
function configPathOf(path: string): string {
  if (path.startsWith("headers")) return "credentials";
  const field = /^(?:queryParamsSchema|bodySchema|body)\.([^.[]+)/.exec(path);
  return field ? `parameters.${field[1]}` : "";
}
