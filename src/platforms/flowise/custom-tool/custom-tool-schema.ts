import { z } from "zod/v3";
import { zodToJsonSchema } from "zod-to-json-schema";
import type { CustomToolSchemaRow } from "./custom-tool-row.js";

/** The row types Flowise turns into a schema property; any other type is dropped without a word. */
export const CUSTOM_TOOL_TYPES = ["string", "number", "boolean", "date"] as const;

const ZOD_TYPES: Readonly<Record<string, () => z.ZodTypeAny>> = {
  string: () => z.string(),
  number: () => z.number(),
  boolean: () => z.boolean(),
  date: () => z.date(),
};

/** Whether Flowise keeps a row of this type (exactly these four spellings: `String` is dropped). */
export function isKeptType(type: string): boolean {
  return Object.hasOwn(ZOD_TYPES, type);
}

/**
 * The zod v3 schema Flowise 3.1.4 builds from a Custom Tool's rows (`convertSchemaToZod`, reference
 * flowise-custom-tool.md §3): one key per row with the property verbatim, the later of two rows of one
 * property winning (in the first one's place, as an object key does), rows of other types dropped,
 * `required` or else optional, a non-empty description described.
 */
export function customToolZodSchema(rows: readonly CustomToolSchemaRow[]): z.ZodObject<z.ZodRawShape> {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const row of rows) {
    const make = Object.hasOwn(ZOD_TYPES, row.type) ? ZOD_TYPES[row.type] : undefined;
    if (!make) continue;
    let property = make();
    if (row.description) property = property.describe(row.description);
    shape[row.property] = row.required ? property : property.optional();
  }
  return z.object(shape);
}

/**
 * The JSON schema the model is given for a Custom Tool, Flowise's key for key: zod-to-json-schema of
 * `customToolZodSchema` (`additionalProperties: false`, `$schema` draft-07, no `required` when nothing
 * is, `date` as `{type: "string", format: "date-time"}`).
 */
export function customToolJsonSchema(rows: readonly CustomToolSchemaRow[]): Record<string, unknown> {
  return zodToJsonSchema(customToolZodSchema(rows)) as Record<string, unknown>;
}
