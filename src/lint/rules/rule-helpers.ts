import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { ToolConfig } from "../../config/tool-config.js";
import { STANDARD_PROFILE } from "../../runtime/profiles/standard.js";

export function isRequestTool(config: ToolConfig): config is RequestToolConfig {
  return config.kind === "request";
}

/** Whether the tool sends a body under the standard profile (POST, PUT, PATCH): what its config means. */
export function sendsBody(config: RequestToolConfig): boolean {
  return STANDARD_PROFILE.sendsBody(config.method);
}
