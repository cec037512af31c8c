import type { Finding, LintRule } from "../../../../lint/rule.js";
import { analyseCustomTool } from "../analysis/analyse-custom-tool.js";
import type { CustomToolConfig } from "../custom-tool-config.js";
import type { CustomToolSchemaRow } from "../custom-tool-row.js";
import { isKeptType } from "../custom-tool-schema.js";
import { CUSTOM_TOOL_PROFILES, effectiveRows, isCustomTool } from "./custom-tool-rule-helpers.js";

/** `$x` read without a `typeof` guard where the model may leave `x` out: Flowise then defines no `$x`. */
export const customToolUnguardedOptional: LintRule<CustomToolConfig> = {
  id: "custom-tool-unguarded-optional",
  severity: "error",
  profiles: CUSTOM_TOOL_PROFILES,
  description: "a Custom Tool's code reads an optional argument without a typeof guard",
  docs:
    "Flowise makes a sandbox global `$x` only for the properties the model sent. An optional property the " +
    "model leaves out has no global at all, so reading `$x` (even `if ($x)`) throws `ReferenceError: $x is not " +
    "defined` and the call fails; only `typeof $x` is safe. The marketplace's Hubspot template fails whenever " +
    "the model leaves `firstname` out. A `$x` that is no property of the schema (or one Flowise drops) fails " +
    "every call. Read it as `typeof $x !== 'undefined' ? $x : …`, or make the property required.",
  appliesTo: isCustomTool,
  check({ config }) {
    const analysis = analyseCustomTool(config);
    if (!analysis.ok) return [];
    const rows = effectiveRows(config.schema);
    // Every property of a node's zod expression reaches the model, arrays and objects too.
    const inSchema = (row: CustomToolSchemaRow | undefined): row is CustomToolSchemaRow =>
      row !== undefined && (config.schemaExpression !== undefined || isKeptType(row.type));
    const findings: Finding[] = [];
    for (const [argument, line] of analysis.unguarded) {
      const row = rows.get(argument)?.row;
      if (inSchema(row) && row.required) continue;
      findings.push({
        path: "func",
        message: inSchema(row)
          ? `line ${line}: $${argument} is read without a typeof guard: when the model leaves the optional ${argument} out, the call fails with "ReferenceError: $${argument} is not defined"`
          : `line ${line}: $${argument} is no property of the schema Flowise gives the model: reading it always fails with "ReferenceError: $${argument} is not defined"`,
        suggestion: inSchema(row)
          ? `read it as typeof $${argument} !== 'undefined' ? $${argument} : …, or make ${argument} required`
          : `add ${argument} to the schema (string, number, boolean or date), or stop reading $${argument}`,
      });
    }
    return findings;
  },
};
