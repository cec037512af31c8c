import * as z from "zod/v3";
import { isPlainObject } from "../../../json/json-value.js";

const JSON_VALUE_MESSAGE = "Value must be a non-empty object or a non-empty array";

/**
 * Agent 2.2's check of the model's arguments against the tool's schema (reference fact 41): LangChain
 * parses them with zod v3, and a mismatch stops the workflow with zod v3's messages, one block each.
 * Returns undefined when the arguments pass.
 */
export function agent2Validation(schema: Record<string, unknown>, args: unknown): string | undefined {
  const parsed = toZod(schema).safeParse(args);
  if (parsed.success) return undefined;
  const blocks = parsed.error.issues.map((issue) => `✖ ${issue.message}\n  → at ${issue.path.join(".")}`);
  return `Received tool input did not match expected schema\n\n${blocks.join("\n")}`;
}

function toZod(schema: Record<string, unknown>): z.ZodTypeAny {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [key, property] of Object.entries(properties)) {
    const type = propertyType(property);
    Object.defineProperty(shape, key, {
      value: required.has(key) ? type : type.optional(),
      enumerable: true,
    });
  }
  return z.object(shape);
}

function propertyType(property: unknown): z.ZodTypeAny {
  const type = isPlainObject(property) ? property.type : undefined;
  if (type === "string") return z.string();
  if (type === "number") return z.number();
  if (type === "boolean") return z.boolean();
  if (type === "object") return z.record(z.unknown());
  // n8n's json keys: one custom check, so whatever fails it (a string, null, `{}`) gets its one message
  // (from-ai-parse-utils).
  return z.custom(isFilledObjectOrArray, { message: JSON_VALUE_MESSAGE });
}

function isFilledObjectOrArray(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  return Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0;
}
