import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import type { IndexedOperation } from "../../../openapi/operation-index.js";

/**
 * Flowise's request tools are GET/POST/PUT/DELETE, and POST/PUT ones carry no path params: when the
 * operation needs what they cannot send, name what can (an HTTP node, or the toolkit).
 */
export function flowiseOperationHint(config: RequestToolConfig, operation: IndexedOperation): string {
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
