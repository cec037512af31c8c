import { DifyApiToolConfigSchema } from "./dify/config/dify-api-tool-config.js";
import { DifyHttpRequestConfigSchema } from "./dify/config/dify-http-request-config.js";
import { CustomToolConfigSchema } from "./flowise/custom-tool/custom-tool-config.js";
import { N8nHttpToolConfigSchema } from "./n8n/config/n8n-http-tool-config.js";

/**
 * The config schemas of the tool kinds platforms add to tooldeck's format (`kind: …`), joined to the
 * core's in `ToolConfigSchema`. Apart from `registry.ts` because the config model needs them and must not
 * load a platform's runtime; each platform's `toolKinds` gives the executor of the same kinds.
 */
export const PLATFORM_TOOL_CONFIG_SCHEMAS = [
  CustomToolConfigSchema,
  N8nHttpToolConfigSchema,
  DifyHttpRequestConfigSchema,
  DifyApiToolConfigSchema,
] as const;
