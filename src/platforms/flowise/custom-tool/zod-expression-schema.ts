import { z } from "zod/v3";
import type { CustomToolSchemaRow } from "./custom-tool-row.js";
import type { ZodChain, ZodModifier } from "./zod-schema-expression.js";

/** How a `date` property validates: Flowise's `z.date()` (never passes JSON), or a date-time string (standard). */
export type DateRows = "flowise" | "date-time-string";

/**
 * The zod v3 object Flowise 3.1.4's `SecureZodSchemaParser` builds from a read `customToolSchema`
 * (reference flowise-custom-tool.md §2), modifier by modifier in chain order: `int` on a number only,
 * `max`/`min` on a text or an array only (a number's bounds are dropped), `optional`, `array`,
 * `describe` when its text is not empty, `default` with its argument as Flowise reads it (`true` is the
 * text "true"). `dates: "date-time-string"` makes a `z.date()` the date-time string the model is told to send.
 */
export function zodOfExpressionShape(
  shape: readonly [string, ZodChain][],
  dates: DateRows = "flowise",
): z.AnyZodObject {
  const object: Record<string, z.ZodTypeAny> = {};
  for (const [key, chain] of shape) object[key] = zodOfChain(chain, dates);
  return z.object(object);
}

function zodOfChain(chain: ZodChain, dates: DateRows): z.ZodTypeAny {
  return chain.modifiers.reduce(applyModifier, baseOf(chain, dates));
}

function baseOf({ base }: ZodChain, dates: DateRows): z.ZodTypeAny {
  switch (base.type) {
    case "object":
      return zodOfExpressionShape(base.shape, dates);
    case "array":
      return z.array(zodOfChain(base.item, dates));
    case "enum":
      return z.enum(base.values as [string, ...string[]]);
    case "number":
      return z.number();
    case "boolean":
      return z.boolean();
    case "date":
      return dates === "flowise" ? z.date() : z.string().datetime({ offset: true });
    default:
      return z.string();
  }
}

function applyModifier(type: z.ZodTypeAny, { name, args }: ZodModifier): z.ZodTypeAny {
  const [argument] = args;
  switch (name) {
    case "int":
      return type instanceof z.ZodNumber ? type.int() : type;
    case "max":
    case "min":
      return argument !== undefined && (type instanceof z.ZodString || type instanceof z.ZodArray)
        ? type[name](argument as number)
        : type;
    case "optional":
      return type.optional();
    case "array":
      return z.array(type);
    case "describe":
      return argument ? type.describe(argument as string) : type;
    case "default":
      return argument !== undefined ? type.default(argument) : type;
    default:
      return type;
  }
}

/**
 * The schema rows of a read expression, for the analysis and the rules: one per top-level property, its
 * type the row type it acts as (`int` and `enum` are a number and a text; `array`, `object` as such), required
 * unless it may be left out (a default always gives the code a value), its description.
 */
export function rowsOfExpressionShape(shape: readonly [string, ZodChain][]): CustomToolSchemaRow[] {
  const object = zodOfExpressionShape(shape);
  return shape.map(([property]) => {
    const type = object.shape[property] as z.ZodTypeAny;
    const empty = type.safeParse(undefined);
    const row: CustomToolSchemaRow = {
      property,
      type: rowType(type),
      required: !empty.success || empty.data !== undefined,
    };
    return type.description === undefined ? row : { ...row, description: type.description };
  });
}

function rowType(type: z.ZodTypeAny): string {
  if (type instanceof z.ZodOptional || type instanceof z.ZodDefault) return rowType(type._def.innerType);
  if (type instanceof z.ZodNumber) return "number";
  if (type instanceof z.ZodBoolean) return "boolean";
  if (type instanceof z.ZodDate) return "date";
  if (type instanceof z.ZodArray) return "array";
  if (type instanceof z.ZodObject) return "object";
  return "string";
}
