import type { ParamSpec, RequestToolConfig } from "../../config/request-tool-config.js";
import type { IndexedOperation } from "../../openapi/operation-index.js";
import type { ConfigChange, Fix } from "../diagnostic.js";

/**
 * The standard-profile fix that points a request tool at an operation: its method, the URL with `{x}`
 * written `:x` after the tool's base (`{{$vars.base_url}}`), and a required path param per placeholder.
 */
export function standardFixFor(config: RequestToolConfig, operation: IndexedOperation): Fix {
  const base = /^(\{\{[^{}]*\}\}|[a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(config.url)?.[0] ?? "";
  const url = `${base}${operation.path.replace(/\{([^{}]+)\}/g, ":$1")}`;
  const params: Record<string, ParamSpec> = { ...config.queryParamsSchema };
  for (const param of operation.parameters.filter((p) => p.in === "path")) {
    params[param.name] = {
      type: "string",
      in: "path",
      required: true,
      description: param.description ?? `${param.name} of the ${operation.path.split("/")[1] ?? "item"}`,
    };
  }
  const changes: ConfigChange[] = [
    { path: "method", value: operation.method },
    { path: "url", value: url },
  ];
  if (Object.keys(params).length > 0) changes.push({ path: "queryParamsSchema", value: params });
  const paramNames = operation.parameters.filter((p) => p.in === "path").map((p) => p.name);
  const withParams =
    paramNames.length > 0
      ? ` with ${paramNames.map((name) => `a required ${name} path param`).join(", ")}`
      : "";
  return { description: `${operation.method} ${url}${withParams}`, changes };
}
