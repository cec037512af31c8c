import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { ToolConfig } from "../../config/tool-config.js";
import { platformToolKind } from "../../platforms/registry.js";
import { STANDARD_PROFILE } from "../../runtime/profiles/standard.js";
import { viewOwnerOf } from "../api-map/tool-requests.js";

export function isRequestTool(config: ToolConfig): config is RequestToolConfig {
  return config.kind === "request";
}

/** Whether the tool sends a body under the standard profile (POST, PUT, PATCH): what its config means. */
export function sendsBody(config: RequestToolConfig): boolean {
  return STANDARD_PROFILE.sendsBody(config.method);
}

/**
 * Whether a request tool is the call of a workflow's step that no model picks or fills (a Dify HTTP
 * Request node, `ToolKind.unseenByModel`): what a model would be told of it is not judged, and its params
 * are text on the wire whatever their type.
 */
export function isUnseenByModel(config: RequestToolConfig): boolean {
  const owner = viewOwnerOf(config);
  return owner !== undefined && platformToolKind(owner.config.kind)?.unseenByModel === true;
}
