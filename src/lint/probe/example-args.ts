import { exampleInDescription } from "../format-told.js";

/** Values a probe fills in, by what a field is called or declared as. */
export interface ProbeHints {
  /** An id that exists in the target service (the emulator's seed: "1"). */
  existingId: string;
  /** A date-time the services accept. */
  dateTime: string;
}

export const EMULATOR_HINTS: ProbeHints = { existingId: "1", dateTime: "2024-07-15T10:00:00Z" };

type Schema = Record<string, unknown>;

/**
 * Valid-looking arguments for a tool's input JSON schema: every property filled (optional ones too, so
 * path params are exercised), examples and enums first (a string's too, from its description's `(e.g. …)`), then names (`id` → an existing id, `date` →
 * a date-time), then the type. Cycles in the schema stop at depth 6.
 */
export function exampleArgs(schema: Schema, hints: ProbeHints = EMULATOR_HINTS): unknown {
  return exampleFor(schema, "", hints, 0);
}

/**
 * A request body for a JSON schema, filled as a tool's body is: every property, except an optional id
 * (the service gives one).
 */
export function exampleBody(schema: Schema, hints: ProbeHints = EMULATOR_HINTS): unknown {
  return exampleFor(schema, "body", hints, 0);
}

function exampleFor(schema: Schema, name: string, hints: ProbeHints, depth: number): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const variant = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variant?.[0]) return exampleFor(variant[0], name, hints, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || schema.properties) return objectExample(schema, name, hints, depth);
  if (type === "array")
    return depth > 6 || !schema.items ? [] : [exampleFor(schema.items as Schema, name, hints, depth + 1)];
  if (type === "integer" || type === "number") return /id$/i.test(name) ? Number(hints.existingId) || 1 : 1;
  if (type === "boolean") return true;
  return stringExample(schema, name, hints);
}

/**
 * Every property, except an optional id in a body: filled with an existing id it would make a create
 * collide (409), and a body is complete without it.
 */
function objectExample(
  schema: Schema,
  name: string,
  hints: ProbeHints,
  depth: number,
): Record<string, unknown> {
  if (depth > 6) return {};
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const inBody = /body/i.test(name);
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([key]) => !(inBody && !required.has(key) && /^id$|_id$|Id$/.test(key)))
      .map(([key, property]) => [key, exampleFor(property, key, hints, depth + 1)]),
  );
}

function stringExample(schema: Schema, name: string, hints: ProbeHints): string {
  // A model told `(e.g. 2024-07-15)` writes a value of that form: the probe sends what it would.
  const told = exampleInDescription(typeof schema.description === "string" ? schema.description : undefined);
  if (told !== undefined) return told;
  if (schema.format === "date-time" || /date|time|when/i.test(name)) return hints.dateTime;
  if (schema.format === "date") return hints.dateTime.slice(0, 10);
  if (schema.format === "email") return "probe@example.com";
  if (schema.format === "uri" || schema.format === "url") return "https://example.com";
  if (/^id$|_id$|Id$/.test(name)) return hints.existingId;
  if (/limit|page|size|count/i.test(name)) return "2";
  return `tooldeck probe ${name}`.trim();
}
