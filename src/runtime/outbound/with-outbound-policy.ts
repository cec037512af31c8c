import { networkFetch } from "../../net/network-fetch.js";
import type { ToolRuntimeOptions } from "../runtime-options.js";
import { guardResolveHost } from "./guard-resolve-host.js";
import { createOutboundGuard } from "./outbound-guard.js";

/**
 * The options with their fetch behind the outbound guard when they carry a policy (`outbound`), and
 * their host resolver limited to the named hosts (no DNS query names an unnamed host).
 */
export function withOutboundPolicy(options: ToolRuntimeOptions): ToolRuntimeOptions {
  if (!options.outbound) return options;
  const fetch = options.fetch ?? networkFetch;
  const { outbound, resolveHost, ...rest } = options;
  return {
    ...rest,
    fetch: createOutboundGuard(fetch, outbound),
    resolveHost: guardResolveHost(outbound, resolveHost),
  };
}
