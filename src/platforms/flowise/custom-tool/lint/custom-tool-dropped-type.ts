import type { LintRule } from "../../../../lint/rule.js";
import type { CustomToolConfig } from "../custom-tool-config.js";
import { isKeptType } from "../custom-tool-schema.js";
import { CUSTOM_TOOL_PROFILES, effectiveRows, isCustomTool } from "./custom-tool-rule-helpers.js";

/** A property of a type Flowise drops without a word: the model is never offered it. */
export const customToolDroppedType: LintRule<CustomToolConfig> = {
  id: "custom-tool-dropped-type",
  severity: "warning",
  profiles: CUSTOM_TOOL_PROFILES,
  description: "a Custom Tool property of a type Flowise silently drops from the schema",
  docs:
    "Flowise 3.1.4 builds a Custom Tool's schema from the rows typed exactly `string`, `number`, `boolean` or " +
    "`date`; any other type (`object`, `array`, `integer`, `String`, blank) is left out without a word, and an " +
    "argument the model sends for it anyway is stripped. The code then never gets the value (`$x` is not " +
    "defined). Use one of the four types (an object as a JSON string).",
  appliesTo: isCustomTool,
  check({ config }) {
    // A node's zod expression replaces the rows, and every type it builds reaches the model.
    if (config.schemaExpression !== undefined) return [];
    return [...effectiveRows(config.schema)]
      .filter(([, { row }]) => !isKeptType(row.type))
      .map(([property, { row, index }]) => ({
        path: `schema[${index}].type`,
        message: `${property} has type ${JSON.stringify(row.type)}, which Flowise drops from the schema without a word: the model is never offered it`,
        suggestion: "use string, number, boolean (or date); send an object or array as a JSON string",
      }));
  },
};
