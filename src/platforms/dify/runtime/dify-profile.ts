import { STANDARD_PROFILE } from "../../../runtime/profiles/standard.js";
import type { ToolProfile } from "../../../runtime/profiles/tool-profile.js";

/**
 * The `dify` profile. Dify's own kinds (`dify-http-request`, `dify-api-tool`) always run as Dify runs
 * them, whatever the profile (reference/dify-tools.md); tooldeck's own kinds have no Dify counterpart to
 * reproduce, so under this profile they are what their config says, as under `standard`.
 */
export const DIFY_PROFILE: ToolProfile = {
  ...STANDARD_PROFILE,
  name: "dify",
};
