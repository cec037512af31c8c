import { ToolDeckError } from "../errors.js";
import type { Profile } from "../profile.js";
import { DIFY_ENTRY } from "./dify/dify-entry.js";
import { FLOWISE_ENTRY } from "./flowise/flowise-entry.js";
import { N8N_ENTRY } from "./n8n/n8n-entry.js";
import type { Platform, PlatformEntry, ToolKind } from "./platform.js";
import { PLATFORM_NAMES, type PlatformName } from "./platform-names.js";

/**
 * Every platform tooldeck reads, by name: the one list of them, each as its light entry (how to tell its
 * exports, its kinds' and rules' names, its flags). Its module (loaders, profile, rules, runtime) is
 * `import()`ed the first time a run needs it (`preparePlatforms`), so a run loads the platforms whose files
 * it reads and no others (issue 44). A platform is added here and in `platform-names.ts` (README, "Layout").
 */
const ENTRIES: { readonly [N in PlatformName]: PlatformEntry & { readonly name: N } } = {
  n8n: N8N_ENTRY,
  flowise: FLOWISE_ENTRY,
  dify: DIFY_ENTRY,
};

/** Every platform's entry, in the order their exports are told apart and their flags listed. */
export const PLATFORM_ENTRIES: readonly PlatformEntry[] = PLATFORM_NAMES.map((name) => ENTRIES[name]);

/** The platforms loaded so far, by name: the registry's record of what this process loaded. */
const loaded = new Map<PlatformName, Platform>();
/** Told when a platform is loaded (the default ruleset adds its rules). */
const listeners: ((platform: Platform) => void)[] = [];

/**
 * Loads the named platforms' modules (every platform's without names), each once: what a run does before
 * it reaches a platform's loaders, rules or runtime, which the accessors below give synchronously.
 * @example
 * await preparePlatforms(["n8n"]);
 */
export async function preparePlatforms(names: Iterable<PlatformName> = PLATFORM_NAMES): Promise<void> {
  const wanted = [...new Set(names)].filter((name) => !loaded.has(name));
  const platforms = await Promise.all(wanted.map((name) => ENTRIES[name].load()));
  for (const platform of platforms) registerPlatform(platform);
}

/** Records a platform as loaded: `preparePlatforms` does, and the library's entries for every platform. */
export function registerPlatform(platform: Platform): void {
  if (loaded.has(platform.name)) return;
  loaded.set(platform.name, platform);
  for (const listener of listeners) listener(platform);
}

/** Calls `listener` for each platform loaded, those loaded already first. */
export function onPlatformLoaded(listener: (platform: Platform) => void): void {
  listeners.push(listener);
  for (const platform of loadedPlatforms()) listener(platform);
}

/** The names of the platforms this process has loaded, in the registry's order. */
export function loadedPlatformNames(): PlatformName[] {
  return PLATFORM_NAMES.filter((name) => loaded.has(name));
}

/** The platforms loaded, in the registry's order. */
export function loadedPlatforms(): Platform[] {
  return loadedPlatformNames().map((name) => loaded.get(name) as Platform);
}

/**
 * The platform of this name, loaded: a run reaches one only after `preparePlatforms` named it (the
 * platforms of the files it read, of its profile, of the kinds it runs). Reaching one that was not is
 * tooldeck's own mistake, said as such.
 */
export function platformNamed(name: PlatformName): Platform {
  const platform = loaded.get(name);
  if (platform === undefined)
    throw new ToolDeckError(
      "internal",
      `the ${ENTRIES[name].label} platform was used before it was loaded (await preparePlatforms(["${name}"]) first)`,
    );
  return platform;
}

/** The platform a profile reproduces; undefined for `standard`, which is none. */
export function platformOf(profile: Profile | undefined): Platform | undefined {
  return profile === undefined || profile === "standard" ? undefined : platformNamed(profile);
}

/** The entry of the platform that adds the tool kind `kind`, if any: known without loading it. */
export function entryOfToolKind(kind: string): PlatformEntry | undefined {
  return PLATFORM_ENTRIES.find((entry) => entry.toolKinds.includes(kind));
}

/** The platform that adds the tool kind `kind`, if any. */
export function platformOfToolKind(kind: string): Platform | undefined {
  const entry = entryOfToolKind(kind);
  return entry === undefined ? undefined : platformNamed(entry.name);
}

/** The platform tool kind of this `kind`, if a platform adds it. */
export function platformToolKind(kind: string): ToolKind | undefined {
  return platformWithKind(kind)?.toolKind;
}

/** The platform that adds the tool kind `kind`, with that kind. */
export function platformWithKind(kind: string): { platform: Platform; toolKind: ToolKind } | undefined {
  const platform = platformOfToolKind(kind);
  const toolKind = platform?.toolKinds.find((candidate) => candidate.kind === kind);
  return platform && toolKind ? { platform, toolKind } : undefined;
}

/**
 * The platforms a set of loaded tools needs besides their loaders: those of their formats and kinds, and
 * the profile's. `standard` needs none.
 */
export function platformsNeeded(
  tools: readonly { config: { kind: string }; source: { format?: PlatformName } }[],
  profile?: Profile,
): Set<PlatformName> {
  const names = new Set<PlatformName>();
  if (profile !== undefined && profile !== "standard") names.add(profile);
  for (const tool of tools) {
    if (tool.source.format) names.add(tool.source.format);
    const entry = entryOfToolKind(tool.config.kind);
    if (entry) names.add(entry.name);
  }
  return names;
}
