import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { ToolConfig } from "../../config/tool-config.js";

export function isRequestTool(config: ToolConfig): config is RequestToolConfig {
  return config.kind === "request";
}

/** Flowise's GET and DELETE tools read a params schema; POST and PUT a body schema. */
export function flowiseReadsParams(config: RequestToolConfig): boolean {
  return config.method === "GET" || config.method === "DELETE";
}

export function sendsBody(config: RequestToolConfig): boolean {
  return config.method === "POST" || config.method === "PUT" || config.method === "PATCH";
}
