import type { Finding, LintRule } from "../../../../lint/rule.js";
import type { CustomToolConfig } from "../custom-tool-config.js";
import { CUSTOM_TOOL_PROFILES, effectiveRows, isCustomTool } from "./custom-tool-rule-helpers.js";

/** A `date` property: the model is given a date-time string that Flowise's `z.date()` never accepts. */
export const customToolDateType: LintRule<CustomToolConfig> = {
  id: "custom-tool-date-type",
  severity: "error",
  otherSeverities: ["warning"],
  profiles: CUSTOM_TOOL_PROFILES,
  description: "a Custom Tool property of type date, which no call can fill",
  docs:
    "Flowise 3.1.4 turns a `date` row into `z.date()` and shows the model `{type: string, format: date-time}`. " +
    "A JSON string is never a Date and Flowise converts none, so every call that gives the property fails with " +
    '"Received tool input did not match expected schema": a required date makes the tool uncallable (an ' +
    "error), an optional one fails each call that uses it (a warning). Make it a `string` and say the format in " +
    "its description.",
  appliesTo: isCustomTool,
  check({ config }) {
    const findings: Finding[] = [];
    for (const [property, { row, index }] of effectiveRows(config.schema)) {
      if (row.type !== "date") continue;
      const finding: Finding = {
        path: `schema[${index}].type`,
        message: row.required
          ? `${property} is a date: the model sends a date-time string, which Flowise's z.date() never accepts, so every call fails with "Received tool input did not match expected schema"`
          : `${property} is a date: every call that gives it fails with "Received tool input did not match expected schema" (a date-time string is never a Date to Flowise)`,
        suggestion: `make ${property} a string and say its format (ISO 8601) in its description`,
      };
      if (!row.required) finding.severity = "warning";
      findings.push(finding);
    }
    return findings;
  },
};
