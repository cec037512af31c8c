import { fits, jsonExample, numberExample, stringExample } from "./example-scalars.js";
import { EMULATOR_HINTS, type ProbeHints } from "./probe-hints.js";

export { EMULATOR_HINTS, type ProbeHints } from "./probe-hints.js";

type Schema = Record<string, unknown>;

/** Cycles in a schema stop here: deeper objects are empty, deeper arrays hold nothing. */
const MAX_DEPTH = 6;

/**
 * Arguments a tool's input JSON schema accepts, as a model that read it would write them: every
 * property filled (optional ones too, so path params are exercised); the schema's own examples, default,
 * enum or const first when they fit it, then a string's description example (`(e.g. …)`), its format,
 * pattern and lengths, a number's bounds and `multipleOf`, an array's `minItems`, what a name suggests
 * (`id` → an existing id, `date` → a date-time), and for a property with no type (n8n's `json`) a JSON
 * object. A value the schema refuses is made only when nothing else was found (the probe then says the
 * failure is tooldeck's).
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
  const given = givenValues(schema).find((value) => fits(schema, value));
  if (given !== undefined) return given;
  // An enum or const whose values all fail the rest of the schema: still what a model is offered.
  const offered = (Array.isArray(schema.enum) ? schema.enum[0] : undefined) ?? schema.const;
  if (offered !== undefined) return offered;
  const variant = ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined)?.find((s) => s.type !== "null");
  if (variant) return exampleFor({ ...withoutVariants(schema), ...variant }, name, hints, depth + 1);
  if (Array.isArray(schema.allOf)) return exampleFor(mergeAll(schema), name, hints, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || schema.properties) return objectExample(schema, name, hints, depth);
  if (type === "array" || schema.items) return arrayExample(schema, name, hints, depth);
  if (type === "integer" || type === "number") return numberExample(schema, name, hints, type === "integer");
  if (type === "boolean") return true;
  if (type === "null") return null;
  if (type === undefined && isUntyped(schema)) return jsonExample(schema);
  return stringExample(schema, name, hints);
}

/** What the schema itself offers, in the order a reader takes it: example, examples, default, enum, const. */
function givenValues(schema: Schema): unknown[] {
  return [
    schema.example,
    ...(Array.isArray(schema.examples) ? schema.examples : []),
    schema.default,
    ...(Array.isArray(schema.enum) ? schema.enum : []),
    schema.const,
  ].filter((value) => value !== undefined);
}

/** A schema that says nothing of its value's type, so any JSON is one (`{}`, `{description}`). */
function isUntyped(schema: Schema): boolean {
  return !["format", "pattern", "minLength", "maxLength", "minimum", "maximum", "$ref", "not"].some(
    (key) => schema[key] !== undefined,
  );
}

function withoutVariants(schema: Schema): Schema {
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  return rest;
}

/** `allOf`'s parts as one schema: their properties and required lists joined, other keys the last part's. */
function mergeAll(schema: Schema): Schema {
  const { allOf, ...rest } = schema;
  const parts = (allOf as Schema[]).filter((part) => typeof part === "object" && part !== null);
  const merged: Schema = { ...rest };
  for (const part of parts) {
    const properties = { ...(merged.properties as Schema | undefined), ...(part.properties as Schema) };
    const required = [...asArray(merged.required), ...asArray(part.required)];
    Object.assign(merged, part, { properties, required });
  }
  return merged;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
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
  if (depth > MAX_DEPTH) return {};
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(asArray(schema.required));
  const inBody = /body/i.test(name);
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([key]) => !(inBody && !required.has(key) && /^id$|_id$|Id$/.test(key)))
      .map(([key, property]) => [key, exampleFor(property, key, hints, depth + 1)]),
  );
}

/** One item, or `minItems` of them (distinct ones from an enum when the items must be unique). */
function arrayExample(schema: Schema, name: string, hints: ProbeHints, depth: number): unknown[] {
  const items = schema.items as Schema | undefined;
  if (depth > MAX_DEPTH || !items || typeof items !== "object") return [];
  const count = Math.max(1, typeof schema.minItems === "number" ? schema.minItems : 1);
  const choices = Array.isArray(items.enum) ? items.enum : undefined;
  if (schema.uniqueItems === true && choices && choices.length >= count) return choices.slice(0, count);
  const one = exampleFor(items, name, hints, depth + 1);
  return Array.from({ length: count }, () => one);
}
