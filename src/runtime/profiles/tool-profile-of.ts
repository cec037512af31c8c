import { DEFAULT_PROFILE, type Profile } from "../../profile.js";
import { FLOWISE_PROFILE } from "./flowise.js";
import { STANDARD_PROFILE } from "./standard.js";
import type { ToolProfile } from "./tool-profile.js";

/** The profile object for a profile name (default `standard`). */
export function toolProfileOf(profile: Profile = DEFAULT_PROFILE): ToolProfile {
  return profile === "flowise" ? FLOWISE_PROFILE : STANDARD_PROFILE;
}
