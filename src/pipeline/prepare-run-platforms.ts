import type { PlatformName } from "../platforms/platform-names.js";
import { PLATFORM_ENTRIES, platformsNeeded, preparePlatforms } from "../platforms/registry.js";
import type { Profile } from "../profile.js";

/** What a run judges besides its tools: its profile, `--portability`, and the rules its settings name. */
export interface RunPlatformsOptions {
  profile?: Profile | undefined;
  /** Judging every config under the other profiles too: every platform is needed. */
  portability?: boolean | undefined;
  /** The rule ids the settings set (`rules: { id: … }`): their platforms report what the settings lower. */
  ruleIds?: Iterable<string>;
}

/**
 * Loads the platforms a run's tools need after their loaders (their formats' rules and profiles, their
 * kinds' executors), its profile's, and those whose rules the settings name; no other (issue 44).
 * @example
 * await prepareRunPlatforms(loaded.tools, { profile: "standard" }); // a run over tools/ loads no platform
 */
export async function prepareRunPlatforms(
  tools: Parameters<typeof platformsNeeded>[0],
  options: RunPlatformsOptions = {},
): Promise<void> {
  if (options.portability) {
    await preparePlatforms();
    return;
  }
  const names: Set<PlatformName> = platformsNeeded(tools, options.profile);
  const ruleIds = new Set(options.ruleIds ?? []);
  for (const entry of PLATFORM_ENTRIES)
    if (entry.rules.some((rule) => ruleIds.has(rule.id))) names.add(entry.name);
  await preparePlatforms(names);
}
