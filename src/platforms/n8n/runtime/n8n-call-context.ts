import type { ToolRuntimeOptions } from "../../../runtime/runtime-options.js";
import type { N8nHttpToolConfig } from "../config/n8n-http-tool-config.js";
import type { Authentication } from "./credential-auth.js";

/** What a call needs besides its arguments: the node, its runtime, and the authentication it sends. */
export interface N8nCallContext {
  config: N8nHttpToolConfig;
  options: ToolRuntimeOptions;
  auth: Authentication;
  signal: AbortSignal | undefined;
}
