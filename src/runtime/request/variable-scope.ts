import type { RequestToolConfig } from "../../config/request-tool-config.js";
import type { Profile } from "../../profile.js";
import type { ResolveOptions } from "../variables.js";

/** A field of a request tool that may hold `{{…}}` variables. */
export type VariableField = "url" | "headers" | "body";

/**
 * How `{{…}}` in one field of a request tool resolves, or undefined when it is sent as written: under
 * `flowise`, a tool from an Agentflow V2 Agent node whose field Flowise's server never resolved
 * (reference section 6). Unknown variables stay literal under `flowise` and are errors under `standard`;
 * the standard profile resolves every field, whatever flow the tool came from.
 */
export function variableScope(
  config: RequestToolConfig,
  field: VariableField,
  profile: Profile,
): ResolveOptions | undefined {
  if (profile === "standard") return { keepUnknown: false };
  const scope = config.flowiseVariables;
  if (scope?.flow === "agentflow" && !scope.resolved.includes(field)) return undefined;
  return { keepUnknown: true, chatflow: scope?.flow === "chatflow" };
}
