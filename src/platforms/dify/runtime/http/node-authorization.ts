import type { DifyHttpRequestConfig } from "../../config/dify-http-request-config.js";
import { DifyNodeError } from "../dify-node-error.js";
import type { DifyVariablePool } from "../dify-variable-pool.js";
import { pythonStrip } from "../python-lines.js";
import { renderDifyTemplate } from "../render-dify-template.js";

const EMPTY_KEY = "API key is required for authorization but was empty. Please provide a valid API key.";

/**
 * The header an `api-key` authorization adds (reference/dify-tools.md fact 34, `Executor.__init__`,
 * `_build_authorization_headers`): the key rendered (an empty one fails the node), under the configured
 * header or `Authorization`; `bearer` → `Bearer <key>`, `basic` → `Basic base64(<key>)` only when the key
 * holds a `:` (else `Basic <key>` as given), `custom` → the key. Undefined for `no-auth`.
 */
export function authorizationHeader(
  config: DifyHttpRequestConfig,
  pool: DifyVariablePool,
): [string, string] | undefined {
  const auth = config.authorization;
  if (auth.type !== "api-key") return undefined;
  const key = renderDifyTemplate(auth.config.api_key, pool);
  if (pythonStrip(key) === "") throw new DifyNodeError("AuthorizationConfigError", EMPTY_KEY);
  const header = auth.config.header || "Authorization";
  switch (auth.config.type) {
    case "bearer":
      return [header, `Bearer ${key}`];
    case "basic":
      return [header, `Basic ${key.includes(":") ? Buffer.from(key, "utf8").toString("base64") : key}`];
    case "custom":
      return [header, key];
  }
}

/** The selectors the authorization's key references. */
export function authorizationTemplate(config: DifyHttpRequestConfig): string {
  return config.authorization.type === "api-key" ? config.authorization.config.api_key : "";
}
