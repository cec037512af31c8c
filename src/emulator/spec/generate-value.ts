import { generateSync } from "json-schema-faker";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { type Direction, toJsonSchema } from "./to-json-schema.js";

/** How deep generated data nests before recursive parts are cut short (arrays empty, optionals left out). */
const MAX_DEPTH = 4;

/**
 * A value that fits an OpenAPI schema, made by json-schema-faker from a seed: the same schema and seed
 * give the same value, so emulator answers and cassettes are reproducible. The schema's own
 * `example`/`examples`/`default` are used when it has them. Arrays without a size of their own hold at
 * most two items, optional fields are kept: an answer looks like what a real service sends without being large.
 */
export function generateValue(
  schema: SchemaObject | undefined,
  direction: Direction,
  seed: number,
  maxDepth = MAX_DEPTH,
): unknown {
  if (schema === undefined) return {};
  const json = toJsonSchema(schema, direction, { forGeneration: true }) as Parameters<typeof generateSync>[0];
  // A schema that fans out (an object whose many properties are itself) grows as breadth^depth: when
  // a value passes the budget, it is made again one level shallower.
  for (let depth = maxDepth; depth >= 1; depth--) {
    let nodes = 0;
    try {
      return generateSync(json, {
        seed,
        maxDepth: depth,
        maxDefaultItems: 2,
        alwaysFakeOptionals: true,
        useExamplesValue: true,
        useDefaultValue: true,
        failOnInvalidTypes: false,
        defaultInvalidTypeProduct: null,
        outputTransform: (value) => {
          if (++nodes > MAX_NODES) throw new OverBudget();
          return value;
        },
      });
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
    }
  }
  return null;
}

/** How many values one generated answer may hold. */
const MAX_NODES = 10_000;

class OverBudget extends Error {}

/**
 * The seeds and depths tried for a value its schema accepts: json-schema-faker misses on some `oneOf`s,
 * and a required field cut short at the depth limit is an empty string that fails its format.
 */
const ATTEMPTS = [
  [0, MAX_DEPTH],
  [1, MAX_DEPTH],
  [2, MAX_DEPTH],
  [0, 2 * MAX_DEPTH],
  [1, 2 * MAX_DEPTH],
] as const;

/**
 * A generated value that `fits` accepts: the first of a few seeds whose value fits, else the first
 * value (the schema may accept nothing the generator can make; the answer is then still the spec's shape).
 */
export function generateFitting(
  schema: SchemaObject | undefined,
  direction: Direction,
  seed: number,
  fits: (value: unknown) => boolean,
): unknown {
  let first: unknown;
  for (const [offset, depth] of ATTEMPTS) {
    const value = generateValue(schema, direction, seed + offset, depth);
    if (fits(value)) return value;
    first ??= value;
  }
  return first;
}

/** A generator seed from text (FNV-1a): each operation answers with its own, repeatable data. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
