import type { RequestToolConfig } from "../../config/request-tool-config.js";
import { platformToolKind } from "../../platforms/registry.js";
import { viewOwnerOf } from "../api-map/tool-requests.js";

/**
 * Whether a request tool is the call of a workflow's step that no model picks or fills (a Dify HTTP
 * Request node, `ToolKind.unseenByModel`): what a model would be told of it is not judged, and its params
 * are text on the wire whatever their type.
 */
export function isUnseenByModel(config: RequestToolConfig): boolean {
  const owner = viewOwnerOf(config);
  return owner !== undefined && platformToolKind(owner.config.kind)?.unseenByModel === true;
}
