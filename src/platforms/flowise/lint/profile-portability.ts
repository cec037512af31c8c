import type { RequestToolConfig } from "../../../config/request-tool-config.js";
import type { LintRule } from "../../../lint/rule.js";
import { isRequestTool, sendsBody } from "../../../lint/rules/rule-helpers.js";
import { flowiseReadsParams } from "./flowise-request-methods.js";

/** A way one config behaves differently under Flowise 3.1 and under the standard profile. */
type Difference = (config: RequestToolConfig) => string | undefined;

const DIFFERENCES: Difference[] = [
  (c) =>
    c.method === "PATCH"
      ? "PATCH tools exist only under standard (Flowise has no PATCH request tool)"
      : undefined,
  (c) =>
    /\{[A-Za-z_][\w-]*\}/.test(c.url.replace(/\{\{[^}]*\}\}/g, ""))
      ? "{name} placeholders are filled only under standard"
      : undefined,
  (c) =>
    Object.values(c.queryParamsSchema ?? {}).some((spec) => spec.in === undefined)
      ? "params without `in` are dropped by Flowise and sent as query params by standard"
      : undefined,
  (c) =>
    c.method !== "PATCH" && !flowiseReadsParams(c) && Object.keys(c.queryParamsSchema ?? {}).length > 0
      ? `${c.method} tools ignore the Query Params Schema in Flowise`
      : undefined,
  (c) =>
    sendsBody(c) && c.body && Object.keys(c.bodySchema ?? {}).some((key) => key in (c.body ?? {}))
      ? "on keys in both, Flowise sends the LLM's value and standard the fixed Body's"
      : undefined,
  (c) =>
    sendsBody(c) && Object.keys(c.bodySchema ?? {}).length === 0
      ? "without a Body Schema Flowise drops the LLM's body; standard sends it"
      : undefined,
  (c) =>
    [...Object.values(c.queryParamsSchema ?? {}), ...Object.values(c.bodySchema ?? {})].some(
      (f) => f.type === "integer",
    )
      ? "integer fields are strings to the LLM in Flowise and integers under standard"
      : undefined,
  (c) =>
    Object.values(c.queryParamsSchema ?? {}).some((spec) => spec.required && spec.in === "path")
      ? "a required path param may be omitted under Flowise (queryParams itself is optional), not under standard"
      : undefined,
];

/**
 * Rule 14: a config whose calls differ between the two profiles. Said where it matters: a Flowise export
 * judged under standard (it is leaving Flowise), or any config with --portability; elsewhere nearly every
 * tool would carry one.
 */
export const profilePortability: LintRule<RequestToolConfig> = {
  id: "profile-portability",
  severity: "info",
  profiles: ["flowise", "standard"],
  description: "a config that behaves differently under Flowise 3.1 and under the standard profile",
  docs:
    "The same config can send different requests in Flowise 3.1 and elsewhere (LangChain with tooldeck's " +
    "standard profile). These findings list where, so a tool tested in one place is not assumed to work in " +
    "the other. They are reported for a Flowise export judged under the standard profile, and for every " +
    "config with `--portability`.",
  appliesTo: isRequestTool,
  check({ config, source }, context) {
    const leavingFlowise = source.format === "flowise" && context.profile === "standard";
    if (!leavingFlowise && !context.portability) return [];
    return DIFFERENCES.flatMap((difference) => difference(config) ?? []).map((message) => ({ message }));
  },
};
