import type { Severity } from "../../lint/diagnostic.js";
import type { RuleInfo } from "../../lint/report.js";

/** The findings of `tooldeck diff`, by id: what a new version of a spec breaks (or allows) for the tools that use it. */
export const DIFF_RULES = [
  rule("operation-removed", "error", "an operation a tool calls is not in the new description"),
  rule("operation-moved", "error", "an operation a tool calls has a new path in the new description"),
  rule("method-changed", "error", "an operation a tool calls takes another method in the new description"),
  rule(
    "operation-renamed",
    "error",
    "a changed operationId renames the OpenAPI toolkit's tool the model and cassettes call",
    ["warning"],
  ),
  rule(
    "required-field-added",
    "error",
    "the new description requires a parameter or body field the tool does not send",
    ["warning"],
  ),
  rule("type-narrowed", "error", "a parameter or body field the tool sends has a narrower type", ["warning"]),
  rule("enum-value-removed", "error", "an enum value the tool or a recorded call uses was removed", [
    "warning",
  ]),
  rule("response-field-removed", "error", "a response field recorded answers carried is no longer described"),
  rule("auth-changed", "error", "the operation's security requirement changed", ["info"]),
  rule(
    "description-changed",
    "warning",
    "the operation's description or summary changed: what the model reads of the tool",
    ["info"],
  ),
  rule(
    "param-description-changed",
    "warning",
    "a parameter's description changed: what the model reads to write the argument",
    ["info"],
  ),
  rule(
    "optional-field-added",
    "info",
    "the new description offers an optional parameter or body field the tool could use",
  ),
] as const satisfies readonly RuleInfo[];

/** The id of a `tooldeck diff` finding. */
export type DiffCode = (typeof DIFF_RULES)[number]["id"];

function rule<const Id extends string>(
  id: Id,
  severity: Severity,
  description: string,
  otherSeverities: readonly Severity[] = [],
): RuleInfo & { id: Id } {
  return {
    id,
    severity,
    ...(otherSeverities.length > 0 ? { otherSeverities } : {}),
    description,
    docs: `${description} (docs/contracts.md#diff)`,
  };
}
