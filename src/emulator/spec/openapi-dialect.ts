import { mergeAllOf } from "../../openapi/merge-all-of.js";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { componentSchemaName } from "../../openapi/schema-names.js";

// OpenAPI 3.0's dialect of JSON Schema, as JSON Schema that ajv and json-schema-faker read. ajv
// refuses `nullable` without `type` ("nullable" cannot be used without "type": 93 of GitHub's 1,223
// operations), and a discriminator only says which branch of a `oneOf` applies.

type Json = Record<string, unknown>;

/** Keywords that can refuse `null` beside `type` and `enum`: a nullable schema holding one is wrapped. */
const COMPOSING = ["allOf", "oneOf", "anyOf", "not", "$ref", "const", "if"];

/**
 * `nullable: true` (OpenAPI 3.0) or `x-nullable: true` (Swagger 2's extension, still met) as JSON
 * Schema: `"null"` added to a plain `type` and `enum`; otherwise, as GitHub writes a nullable reference
 * (`{ nullable: true, allOf: [{ $ref }] }`, no `type`), `null` or the schema. OpenAPI 3.0.3 gives
 * `nullable` no effect without `type`; the descriptions that write it mean the value may be null, and
 * their services send null there.
 */
export function withNullable(node: Json, out: Json): Json {
  if (node.nullable !== true && node["x-nullable"] !== true) return out;
  const plain = !COMPOSING.some((key) => key in out);
  if (plain && (out.type !== undefined || Array.isArray(out.enum))) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (Array.isArray(out.type) && !out.type.includes("null")) out.type = [...out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [{ type: "null" }, out] };
}

/**
 * A `oneOf`/`anyOf` with a `discriminator` as branches each tagged with the values of the property that
 * selects it (`{ allOf: [Dog, { required: ["petType"], properties: { petType: { enum: ["dog"] } } }] }`),
 * so a value is judged by the branch its tag names and no longer fails `oneOf` for matching two. A
 * branch's values are the `enum`/`const` it gives the property, else the mapping's keys that name it
 * (`#/components/schemas/Dog` or `Dog`), else its component name. Left as it is when a branch has none.
 */
export function withDiscriminator(node: Json, out: Json): Json {
  const discriminator = node.discriminator as { propertyName?: unknown; mapping?: unknown } | undefined;
  const property = discriminator?.propertyName;
  if (typeof property !== "string") return out;
  const mapping = isRecord(discriminator?.mapping) ? discriminator.mapping : {};
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = node[keyword];
    const copies = out[keyword];
    if (!Array.isArray(branches) || !Array.isArray(copies) || branches.length !== copies.length) continue;
    const tags = branches.map((branch) => tagValues(branch, property, mapping));
    if (tags.some((values) => values.length === 0)) continue;
    out[keyword] = copies.map((copy, i) => ({
      allOf: [copy, { required: [property], properties: { [property]: { enum: tags[i] } } }],
    }));
  }
  return out;
}

function tagValues(branch: unknown, property: string, mapping: Record<string, unknown>): unknown[] {
  const own = isRecord(branch) ? mergeAllOf(branch as SchemaObject).properties?.[property] : undefined;
  if (isRecord(own) && Array.isArray(own.enum)) return own.enum;
  if (isRecord(own) && own.const !== undefined) return [own.const];
  const name = componentSchemaName(branch);
  if (name === undefined) return [];
  const mapped = Object.entries(mapping)
    .filter(
      ([, target]) => typeof target === "string" && target.replace(/^#\/components\/schemas\//, "") === name,
    )
    .map(([value]) => value);
  return mapped.length > 0 ? mapped : [name];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
