import type { Profile } from "../profile.js";
import { DIFY_PLATFORM } from "./dify/dify-platform.js";
import { FLOWISE_PLATFORM } from "./flowise/flowise-platform.js";
import { N8N_PLATFORM } from "./n8n/n8n-platform.js";
import type { Platform, ToolKind } from "./platform.js";
import type { PlatformName } from "./platform-names.js";

/**
 * Every platform tooldeck reads, by name: the one list of them. A platform is added here, in
 * `platform-names.ts` and, when it adds tool kinds, `platform-tool-configs.ts` (README, "Layout").
 */
const PLATFORMS_BY_NAME: { readonly [N in PlatformName]: Platform & { readonly name: N } } = {
  n8n: N8N_PLATFORM,
  flowise: FLOWISE_PLATFORM,
  dify: DIFY_PLATFORM,
};

/** Every platform, in the order their loaders, rules and flags are tried and listed. */
export const PLATFORMS: readonly Platform[] = Object.values(PLATFORMS_BY_NAME);

/** The platform a profile reproduces; undefined for `standard`, which is none. */
export function platformOf(profile: Profile | undefined): Platform | undefined {
  return profile === undefined || profile === "standard" ? undefined : PLATFORMS_BY_NAME[profile];
}

/** The platform that adds the tool kind `kind`, if any. */
export function platformOfToolKind(kind: string): Platform | undefined {
  return PLATFORMS.find((platform) => platform.toolKinds.some((toolKind) => toolKind.kind === kind));
}

/** The platform tool kind of this `kind`, if a platform adds it. */
export function platformToolKind(kind: string): ToolKind | undefined {
  return platformWithKind(kind)?.toolKind;
}

/** The platform that adds the tool kind `kind`, with that kind. */
export function platformWithKind(kind: string): { platform: Platform; toolKind: ToolKind } | undefined {
  for (const platform of PLATFORMS) {
    const toolKind = platform.toolKinds.find((candidate) => candidate.kind === kind);
    if (toolKind) return { platform, toolKind };
  }
  return undefined;
}
