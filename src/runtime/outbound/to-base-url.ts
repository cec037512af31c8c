import type { ToolConfig } from "../../config/tool-config.js";
import { platformToolKind } from "../../platforms/registry.js";

/** `scheme://authority` at the start of a URL template, variables in the authority included. */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The config with its requests aimed at `baseUrl` (the CLI's `--base-url`, docs/security.md): an OpenAPI
 * toolkit's server becomes `baseUrl` (as `selectedServer`), and a request tool's or HTTP node's own
 * origin is replaced by it, the path kept (`http://localhost:5566/events/:id` →
 * `<baseUrl>/events/:id`). A URL that starts with a variable is left as written: `{{$vars.base_url}}` is
 * `baseUrl` already, and any other host still has to pass the outbound guard.
 * @example
 * toBaseUrl({ kind: "openapi-toolkit", spec: "api.yaml", ... }, "http://127.0.0.1:8080").selectedServer; // "http://127.0.0.1:8080"
 */
export function toBaseUrl(config: ToolConfig, baseUrl: string): ToolConfig {
  const base = baseUrl.replace(/\/+$/, "");
  if (config.kind === "openapi-toolkit") return { ...config, selectedServer: base };
  if (config.kind === "request" || config.kind === "http")
    return { ...config, url: config.url.replace(ORIGIN, base) };
  return (platformToolKind(config.kind)?.toBaseUrl?.(config, base) as ToolConfig | undefined) ?? config;
}
