import type { ResolveHost } from "../../net/resolve-host.js";
import { flowiseRefusalOf } from "../host-policy.js";
import type { ToolProfile } from "./tool-profile.js";

/**
 * Why the profile refuses a URL's host before sending (Flowise's loopback/private policy), or
 * undefined: the one place that weighs the profile against `httpSecurityCheck: false` (Flowise's
 * HTTP_SECURITY_CHECK=false). Request tools check every redirect hop with it, toolkits and HTTP nodes
 * their one URL.
 */
export function privateHostRefusal(
  profile: Pick<ToolProfile, "refusesPrivateHosts">,
  options: { httpSecurityCheck?: boolean | undefined; resolveHost?: ResolveHost | undefined },
): (url: URL) => Promise<string | undefined> {
  if (!profile.refusesPrivateHosts || options.httpSecurityCheck === false) return async () => undefined;
  return (url) => flowiseRefusalOf(url, options.resolveHost);
}
