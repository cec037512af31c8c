import { z } from "zod";
import { PLATFORM_NAMES } from "./platforms/platform-names.js";

/**
 * How a tool is executed and judged: `standard` does what the config says; each platform's profile
 * (`flowise`) reproduces that platform exactly, quirks included. See DESIGN.md, "Profiles".
 */
export const ProfileSchema = z.enum(["standard", ...PLATFORM_NAMES]);
/** How a tool is executed and judged: `standard` (what the config says) or a platform's (`flowise`: Flowise 3.1, quirks included). */
export type Profile = z.infer<typeof ProfileSchema>;

export const DEFAULT_PROFILE: Profile = "standard";
