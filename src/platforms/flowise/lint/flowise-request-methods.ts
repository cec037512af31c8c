import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import { FLOWISE_PROFILE } from "../runtime/flowise-profile.js";

/** Flowise's GET and DELETE tools read a params schema; POST and PUT a body schema. */
export function flowiseReadsParams(config: RequestToolConfig): boolean {
  return FLOWISE_PROFILE.carriesParams(config.method);
}

/** Whether Flowise's request tool of this method sends a body (POST, PUT). */
export function flowiseSendsBody(config: RequestToolConfig): boolean {
  return FLOWISE_PROFILE.sendsBody(config.method);
}
