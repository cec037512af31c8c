import { z } from "zod/v3";
import { zodToJsonSchema } from "zod-to-json-schema";
import type { CustomToolRow, CustomToolSchemaRow } from "./custom-tool-row.js";
import { type DateRows, zodOfExpressionShape } from "./zod-expression-schema.js";

export type { DateRows } from "./zod-expression-schema.js";

import { readZodSchemaExpression } from "./zod-schema-expression.js";

/** The row types Flowise turns into a schema property; any other type is dropped without a word. */
export const CUSTOM_TOOL_TYPES = ["string", "number", "boolean", "date"] as const;

/** Whether Flowise keeps a row of this type (exactly these four spellings: `String` is dropped). */
export function isKeptType(type: string): boolean {
  return (CUSTOM_TOOL_TYPES as readonly string[]).includes(type);
}

/** A tool's schema: its rows, or its rows with the node's `customToolSchema` expression that replaces them. */
export type SchemaSource =
  | readonly CustomToolSchemaRow[]
  | Pick<CustomToolRow, "schema" | "schemaExpression">;

/**
 * The zod v3 schema Flowise 3.1.4 builds for a tool: from its `customToolSchema` expression when the node
 * gives one (`SecureZodSchemaParser`), else from its rows.
 */
export function customToolZodSchemaOf(source: SchemaSource, dates: DateRows = "flowise"): z.AnyZodObject {
  if (isRowList(source)) return customToolZodSchema(source, dates);
  const read =
    source.schemaExpression === undefined ? undefined : readZodSchemaExpression(source.schemaExpression);
  // The load reported an expression Flowise cannot read and made no tool of it.
  if (read?.ok) return zodOfExpressionShape(read.shape, dates);
  return customToolZodSchema(source.schema, dates);
}

function isRowList(source: SchemaSource): source is readonly CustomToolSchemaRow[] {
  return Array.isArray(source);
}

/**
 * The zod v3 schema Flowise 3.1.4 builds from a Custom Tool's rows (`convertSchemaToZod`, reference
 * flowise-custom-tool.md §3), which it also validates arguments with: one key per row with the property
 * verbatim, the later of two rows of one property winning (in the first one's place, as an object key
 * does), rows of other types dropped, `required` or else optional (`<property> required` its error), a
 * non-empty description described. Unknown keys are stripped (zod's default).
 */
export function customToolZodSchema(
  rows: readonly CustomToolSchemaRow[],
  dates: DateRows = "flowise",
): z.AnyZodObject {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const row of rows) {
    if (!isKeptType(row.type)) continue;
    const typed = rowType(row, dates);
    const described = row.description ? typed.describe(row.description) : typed;
    shape[row.property] = row.required ? described : described.optional();
  }
  return z.object(shape);
}

function rowType(row: CustomToolSchemaRow, dates: DateRows): z.ZodTypeAny {
  const required_error = `${row.property} required`;
  switch (row.type) {
    case "number":
      return z.number({ required_error });
    case "boolean":
      return z.boolean({ required_error });
    case "date":
      return dates === "flowise"
        ? z.date({ required_error })
        : z.string({ required_error }).datetime({ offset: true });
    default:
      return z.string({ required_error });
  }
}

/**
 * The JSON schema the model is given for a Custom Tool, Flowise's key for key: zod-to-json-schema of
 * `customToolZodSchema` (`additionalProperties: false`, `$schema` draft-07, no `required` when nothing
 * is, `date` as `{type: "string", format: "date-time"}`).
 */
export function customToolJsonSchema(source: SchemaSource): Record<string, unknown> {
  return zodToJsonSchema(customToolZodSchemaOf(source)) as Record<string, unknown>;
}
