import { type ResolveHost, resolveWithDns } from "../../net/resolve-host.js";
import {
  type FlowiseHostPolicy,
  flowiseRefusalOf,
  flowiseRefusalWithoutDns,
  NEEDS_DNS,
} from "../host-policy.js";
import type { ToolProfile } from "./tool-profile.js";

/** Why a URL's host is refused, or undefined; at once when no DNS answer is needed, else as a promise. */
export type HostRefusal = (url: URL) => string | undefined | Promise<string | undefined>;

/** Host names whose answer is remembered, at most per resolver: an LLM may write any number of them. */
const MAX_REMEMBERED = 256;

/**
 * The answers remembered, per resolver: they hold as long as it does, and a tool's send asks for its
 * refusal on every call.
 */
const rememberedByResolver = new WeakMap<ResolveHost, Map<string, string | undefined>>();

function rememberedFor(resolveHost: ResolveHost): Map<string, string | undefined> {
  let remembered = rememberedByResolver.get(resolveHost);
  if (!remembered) {
    remembered = new Map();
    rememberedByResolver.set(resolveHost, remembered);
  }
  return remembered;
}

/**
 * Why the profile refuses a URL's host before sending (Flowise's loopback/private policy and its
 * HTTP_DENY_LIST), or undefined: the one place that weighs the profile against `httpSecurityCheck:
 * false` (Flowise's HTTP_SECURITY_CHECK=false) and `httpDenyList`. Request tools check every redirect
 * hop with it, toolkits and HTTP nodes their one URL.
 *
 * An answer that needs no DNS (an IP literal, `localhost`, a name the resolver never resolves, such as
 * an embedded emulator's) cannot change, so it is remembered by resolver, policy and host name and
 * given at once: every in-process call checks its host, and the check cost as much as a tenth of the
 * call (bench/tool-calls-langchain). An answer that depends on DNS is asked for on every hop.
 */
export function privateHostRefusal(
  profile: Pick<ToolProfile, "refusesPrivateHosts">,
  options: {
    httpSecurityCheck?: boolean | undefined;
    httpDenyList?: readonly string[] | undefined;
    resolveHost?: ResolveHost | undefined;
  },
): HostRefusal {
  const policy: FlowiseHostPolicy = {
    securityCheck: options.httpSecurityCheck !== false,
    denyList: options.httpDenyList ?? [],
  };
  if (!profile.refusesPrivateHosts || (!policy.securityCheck && policy.denyList.length === 0))
    return () => undefined;
  const resolveHost = options.resolveHost ?? resolveWithDns;
  const remembered = rememberedFor(resolveHost);
  const policyKey = `${policy.securityCheck} ${policy.denyList.join(",")} `;
  return (url) => {
    const key = policyKey + url.hostname;
    if (remembered.has(key)) return remembered.get(key);
    const refusal = flowiseRefusalWithoutDns(url, resolveHost, policy);
    if (refusal === NEEDS_DNS) return flowiseRefusalOf(url, resolveHost, policy);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, refusal);
    return refusal;
  };
}
