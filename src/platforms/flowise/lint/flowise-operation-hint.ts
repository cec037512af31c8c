import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import type { IndexedOperation } from "../../../openapi/operation-index.js";
import { basePathWritten } from "../../../openapi/server-url.js";
import { isCustomToolCallView } from "../custom-tool/analysis/call-views.js";

/**
 * Flowise's request tools are GET/POST/PUT/DELETE, and POST/PUT ones carry no path params: when the
 * operation needs what they cannot send, name what can (an HTTP node, or the toolkit).
 */
export function flowiseOperationHint(config: RequestToolConfig, operation: IndexedOperation): string {
  if (isCustomToolCallView(config)) return customToolHint(config, operation);
  const pathParams = operation.parameters.filter((param) => param.in === "path").map((param) => param.name);
  const target = `${operation.method} ${operation.path}`;
  const canRequestTool =
    operation.method !== "PATCH" &&
    (pathParams.length === 0 || operation.method === "GET" || operation.method === "DELETE");
  if (canRequestTool) return `point ${config.name} at ${target}`;
  const toolkit =
    pathParams.length > 0
      ? `, with ${pathParams.join(", ")} declared on the operation (Flowise ignores path-item parameters)`
      : "";
  return `no Flowise request tool can send ${target}: use an HTTP node (method ${operation.method}) or an OpenAPI toolkit tool for ${operation.operationId ?? target}${toolkit}`;
}

/**
 * A Custom Tool's code can send any method: say how to write the operation's call, its path params as
 * the arguments of the same name (`'/events/' + $id`), the base URL kept as the code wrote it, with the
 * server's base path it writes (`https://api.example.com/v2` + `/contacts`).
 */
function customToolHint(config: RequestToolConfig, operation: IndexedOperation): string {
  const origin = /^(\{\{\$vars\.[^}]+\}\}|[a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(config.url)?.[1] ?? "";
  const base = origin + basePathWritten(config.url.slice(origin.length), operation.servers);
  const pieces = `${base}${operation.path}`.split(/(\{\{\$vars\.[^}]+\}\}|\{[^}]+\})/).filter(Boolean);
  const code = pieces
    .map((piece) => {
      const variable = /^\{\{(\$vars\.[^}]+)\}\}$/.exec(piece)?.[1];
      if (variable) return variable;
      const param = /^\{([^}]+)\}$/.exec(piece)?.[1];
      return param ? `$${param}` : `'${piece}'`;
    })
    .join(" + ");
  const operationName = operation.operationId ? ` (${operation.operationId})` : "";
  return `call ${operation.method} ${operation.path}${operationName} in the code: method '${operation.method}', URL ${code}`;
}
