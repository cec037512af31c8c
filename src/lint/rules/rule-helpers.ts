import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { ToolConfig } from "../../config/tool-config.js";
import { FLOWISE_PROFILE } from "../../runtime/profiles/flowise.js";
import { STANDARD_PROFILE } from "../../runtime/profiles/standard.js";

export function isRequestTool(config: ToolConfig): config is RequestToolConfig {
  return config.kind === "request";
}

/** Flowise's GET and DELETE tools read a params schema; POST and PUT a body schema. */
export function flowiseReadsParams(config: RequestToolConfig): boolean {
  return FLOWISE_PROFILE.carriesParams(config.method);
}

/** Whether Flowise's request tool of this method sends a body (POST, PUT). */
export function flowiseSendsBody(config: RequestToolConfig): boolean {
  return FLOWISE_PROFILE.sendsBody(config.method);
}

/** Whether the tool sends a body under the standard profile (POST, PUT, PATCH): what its config means. */
export function sendsBody(config: RequestToolConfig): boolean {
  return STANDARD_PROFILE.sendsBody(config.method);
}
