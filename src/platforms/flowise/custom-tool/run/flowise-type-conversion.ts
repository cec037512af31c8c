import type { z } from "zod/v3";
import { convertAndParse, type ZodParse } from "../../runtime/convert-and-parse.js";

/** Conversion rounds Flowise 3.1.4 tries before giving up (`parseWithTypeConversion`'s `maxDepth`). */
export const MAX_CONVERSION_ROUNDS = 10;

const TRUE_WORDS = new Set(["true", "1", "yes"]);
const FALSE_WORDS = new Set(["false", "0", "no"]);

/**
 * Flowise 3.1.4's `parseWithTypeConversion` (utils.js:1893, reference flowise-custom-tool.md §4): a zod
 * parse, and on failure each `invalid_type` issue's value converted to the expected type and the parse
 * retried, up to 10 rounds. Returns the last parse; the converted arguments with it.
 */
export function parseWithTypeConversion(
  schema: z.ZodTypeAny,
  args: unknown,
): { result: ZodParse; converted: unknown } {
  return convertAndParse(schema, args, MAX_CONVERSION_ROUNDS, convertValue);
}

/**
 * One value to the type the schema expects, as Flowise converts it: text from a number or boolean
 * (`String`) or an object or array (JSON text); a number from text (`parseFloat`: `"3.5abc"` → 3.5) or
 * a boolean (1/0); a boolean from `true/1/yes` or `false/0/no` (any case) or a number (≠ 0). Undefined
 * when there is no conversion (`null`, a date, anything else).
 */
export function convertValue(value: unknown, expected: string): unknown {
  switch (expected) {
    case "string":
      if (typeof value === "number" || typeof value === "boolean") return String(value);
      return typeof value === "object" && value !== null ? JSON.stringify(value) : undefined;
    case "number":
      if (typeof value === "boolean") return value ? 1 : 0;
      if (typeof value !== "string") return undefined;
      return Number.isNaN(Number.parseFloat(value)) ? undefined : Number.parseFloat(value);
    case "boolean":
      if (typeof value === "number") return value !== 0;
      if (typeof value !== "string") return undefined;
      if (TRUE_WORDS.has(value.toLowerCase())) return true;
      return FALSE_WORDS.has(value.toLowerCase()) ? false : undefined;
    default:
      return undefined;
  }
}
