import type { ToolConfig } from "../../../config/tool-config.js";
import type { Profile } from "../../../profile.js";
import { apiDocumentLabel } from "../api-tool/api-document-source.js";
import type { DifyApiToolConfig } from "../config/dify-api-tool-config.js";

/** A Dify API tool runs as Dify runs it under every profile, so its rules judge it under every profile. */
export const DIFY_RULE_PROFILES: readonly Profile[] = ["dify", "standard", "flowise", "n8n"];

/** Whether a config is a Dify custom API tool. */
export function isDifyApiTool(config: ToolConfig): config is DifyApiToolConfig {
  return config.kind === "dify-api-tool";
}

/**
 * Where an operation is in its document, as findings name it: `weather.yaml#/paths/~1forecast/get`
 * (`dify:tool-provider/weather#/paths/…` for a document read from a running Dify).
 */
export function operationPointer(spec: string, path: string, method: string): string {
  return `${apiDocumentLabel(spec)}#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${method}`;
}
