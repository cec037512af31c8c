import { z } from "zod";

/**
 * How a tool is executed and judged: `flowise` reproduces Flowise 3.1 exactly, quirks included;
 * `standard` does what the config says. See DESIGN.md, "Profiles".
 */
export const ProfileSchema = z.enum(["standard", "flowise"]);
/** How a tool is executed and judged: `standard` (what the config says) or `flowise` (Flowise 3.1, quirks included). */
export type Profile = z.infer<typeof ProfileSchema>;

export const DEFAULT_PROFILE: Profile = "standard";
