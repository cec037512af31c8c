import type { ToolRuntimeOptions } from "../runtime-options.js";
import { createOutboundGuard } from "./outbound-guard.js";

/** The options with their fetch behind the outbound guard when they carry a policy (`outbound`). */
export function withOutboundPolicy(options: ToolRuntimeOptions): ToolRuntimeOptions {
  if (!options.outbound) return options;
  const fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { outbound, ...rest } = options;
  return { ...rest, fetch: createOutboundGuard(fetch, outbound) };
}
