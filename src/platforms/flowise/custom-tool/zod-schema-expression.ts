import type { Expression, Property } from "acorn";
import { acorn } from "../../../text/javascript-parser.js";
import { isMethodCall, propertyKey } from "./analysis/syntax-shapes.js";
import type { CustomToolSchemaRow } from "./custom-tool-row.js";

/** The rows read from a zod expression, and what of it tooldeck could not model. */
export interface ZodExpressionRows {
  rows: CustomToolSchemaRow[];
  /** One line per property or construct left out: `amount: z.object() is not modelled`. */
  unmodelled: string[];
}

const ROW_TYPES = new Set(["string", "number", "boolean", "date"]);
/** Refinements that change no key of the JSON schema tooldeck shows (bounds are not shown). */
const IGNORED = new Set(["max", "min"]);

/**
 * A node's hidden `customToolSchema` input: a zod expression (`z.object({a: z.string().describe('x')})`)
 * that Flowise's SecureZodSchemaParser reads instead of the row's schema. Read here without running it,
 * as rows: `.optional()` makes a row optional, `.describe('x')` keeps its argument's quotes as Flowise
 * does (description `'x'`). Undefined when the text is no `z.object({…})` expression.
 */
export function readZodSchemaExpression(text: string): ZodExpressionRows | undefined {
  let expression: Expression;
  try {
    expression = acorn().parseExpressionAt(text, 0, { ecmaVersion: "latest" });
  } catch {
    return undefined;
  }
  const shape = objectShape(expression);
  if (!shape) return undefined;
  const result: ZodExpressionRows = { rows: [], unmodelled: [] };
  for (const property of shape.properties) {
    const key = property.type === "Property" ? propertyKey(property) : undefined;
    if (key === undefined) return undefined;
    readProperty(key, (property as Property).value as Expression, text, result);
  }
  return result;
}

function objectShape(expression: Expression) {
  if (!isMethodCall(expression, "z", "object")) return undefined;
  const [argument] = expression.arguments;
  return argument?.type === "ObjectExpression" ? argument : undefined;
}

function readProperty(key: string, value: Expression, text: string, result: ZodExpressionRows): void {
  let node: Expression = value;
  let required = true;
  let description: string | undefined;
  while (node.type === "CallExpression" && node.callee.type === "MemberExpression") {
    const method = node.callee.property.type === "Identifier" ? node.callee.property.name : "";
    const target = node.callee.object as Expression;
    if (target.type === "Identifier" && target.name === "z") {
      if (!ROW_TYPES.has(method)) {
        result.unmodelled.push(`${key}: z.${method}() is not modelled`);
        return;
      }
      const row: CustomToolSchemaRow = { property: key, type: method, required };
      result.rows.push(description === undefined ? row : { ...row, description });
      return;
    }
    const [argument] = node.arguments;
    if (method === "optional") required = false;
    // The outermost describe wins, as zod's does; Flowise keeps the argument's source quotes.
    else if (method === "describe" && argument && description === undefined)
      description = text.slice(argument.start, argument.end);
    else if (!IGNORED.has(method)) {
      result.unmodelled.push(`${key}: .${method}() is not modelled`);
      return;
    }
    node = target;
  }
  result.unmodelled.push(`${key}: not a zod schema`);
}
