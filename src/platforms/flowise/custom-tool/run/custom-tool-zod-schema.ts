import { z } from "zod/v3";
import type { CustomToolSchemaRow } from "../custom-tool-row.js";

/** The row types Flowise 3.1.4 turns into a schema property (`convertSchemaToZod`, utils.js:882). */
const FLOWISE_TYPES = new Set(["string", "number", "boolean", "date"]);

/** How a `date` row validates: Flowise's `z.date()` (never passes JSON), or a date-time string (standard). */
export type DateRows = "flowise" | "date-time-string";

/**
 * The zod v3 object Flowise 3.1.4 validates a Custom Tool's arguments with (reference
 * flowise-custom-tool.md §3): one key per row, the later of two rows for one property wins, only the
 * four types it knows (any other row silently dropped), `required: true` required, every other row
 * optional, the row's description when it has one. Unknown keys are stripped (zod's default).
 */
export function customToolZodSchema(
  rows: readonly CustomToolSchemaRow[],
  dates: DateRows = "flowise",
): z.AnyZodObject {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const row of rows) {
    if (!FLOWISE_TYPES.has(row.type)) continue;
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
