/**
 * The agent platforms tooldeck reads, by name: each is a profile (`--profile flowise`), the `format` of
 * the configs read from its exports, and a folder under src/platforms/. The names live apart from the
 * platforms themselves so that a type can name a profile without loading one; `registry.ts` maps each
 * name to its `Platform`, and the compiler holds the two lists equal.
 */
export const PLATFORM_NAMES = ["flowise"] as const;

/** An agent platform tooldeck reads: `flowise`. */
export type PlatformName = (typeof PLATFORM_NAMES)[number];
