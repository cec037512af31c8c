/**
 * The agent platforms tooldeck reads, by name: each is a profile (`--profile flowise`), the `format` of
 * the configs read from its exports, and a folder under src/platforms/. The names live apart from the
 * platforms themselves so that a type can name a profile without loading one; `registry.ts` maps each
 * name to its `Platform`, and the compiler holds the two lists equal.
 */
// n8n first: its workflow export has `nodes` like a Flowise flow, and only its loader also asks for
// `connections`, so it must be tried before Flowise's.
export const PLATFORM_NAMES = ["n8n", "flowise", "dify"] as const;

/** An agent platform tooldeck reads: `n8n`, `flowise`, `dify`. */
export type PlatformName = (typeof PLATFORM_NAMES)[number];
