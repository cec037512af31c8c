import { platformOf } from "../../platforms/registry.js";
import { DEFAULT_PROFILE, type Profile } from "../../profile.js";
import { STANDARD_PROFILE } from "./standard.js";
import type { ToolProfile } from "./tool-profile.js";

/** The profile object for a profile name (default `standard`): a platform's, or the standard one. */
export function toolProfileOf(profile: Profile = DEFAULT_PROFILE): ToolProfile {
  return platformOf(profile)?.profile ?? STANDARD_PROFILE;
}
