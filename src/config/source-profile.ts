import type { Profile } from "../profile.js";
import type { LoadedTool } from "./tool-config.js";

/**
 * The profile a tool runs and is judged under when none is chosen: its platform's for a platform's
 * export (a Flowise flow runs as Flowise runs it), else `standard`.
 */
export function profileOfSource(tool: Pick<LoadedTool, "source">): Profile {
  return tool.source.format ?? "standard";
}

/**
 * Every command's one choice of profile: the one given (`--profile`) for every tool, else each tool's
 * own (`profileOfSource`).
 * @example
 * const profileOf = chooseProfile(values.profile === undefined ? undefined : parseProfile(values.profile));
 */
export function chooseProfile(given: Profile | undefined): (tool: Pick<LoadedTool, "source">) => Profile {
  return given === undefined ? profileOfSource : () => given;
}
