import { generateSync } from "json-schema-faker";
import type { SchemaObject } from "../../openapi/openapi-document.js";
import { PATTERN_PLACEHOLDER, PLACEHOLDER_FORMAT } from "./pattern-generation.js";
import { type Direction, toJsonSchema } from "./to-json-schema.js";

/** How deep generated data nests before recursive parts are cut short (arrays empty, optionals left out). */
const MAX_DEPTH = 4;

/**
 * A value that fits an OpenAPI schema, made by json-schema-faker from a seed: the same schema and seed
 * give the same value, so emulator answers and cassettes are reproducible. The schema's own
 * `example`/`examples`/`default` are used when it has them. Arrays without a size of their own hold at
 * most two items, optional fields are kept: an answer looks like what a real service sends without being large.
 *
 * A value has a budget (`AnswerBudget`): at most `MAX_NODES` values and `MAX_TEXT` characters of
 * strings, or it is made again one level shallower (null at the last), and until `deadline`, after which
 * it is null. A string whose pattern could make one too long to build is `PATTERN_PLACEHOLDER`
 * (see `capForGeneration`).
 */
export function generateValue(
  schema: SchemaObject | undefined,
  direction: Direction,
  seed: number,
  maxDepth = MAX_DEPTH,
  deadline = Date.now() + ANSWER_TIME_MS,
  useExamples = true,
): unknown {
  if (schema === undefined) return {};
  const json = toJsonSchema(schema, direction, { forGeneration: true }) as Parameters<typeof generateSync>[0];
  // A schema that fans out (an object whose many properties are itself) grows as breadth^depth: when
  // a value passes the budget, it is made again one level shallower.
  for (let depth = maxDepth; depth >= 1; depth--) {
    const budget = { nodes: 0, text: 0 };
    try {
      return generateSync(json, {
        seed,
        maxDepth: depth,
        maxDefaultItems: 2,
        alwaysFakeOptionals: true,
        useExamplesValue: useExamples,
        useDefaultValue: useExamples,
        failOnInvalidTypes: false,
        defaultInvalidTypeProduct: null,
        formats: PLACEHOLDER_FORMATS,
        outputTransform: (value) => {
          spend(budget, value, deadline);
          return value;
        },
      });
    } catch (error) {
      if (error instanceof OutOfTime) return null;
      if (!(error instanceof OverBudget)) throw error;
    }
  }
  return null;
}

/** How many values one generated answer may hold. */
const MAX_NODES = 10_000;
/** How many characters its strings may hold in all. */
const MAX_TEXT = 1_000_000;
/**
 * How long one answer (every seed and depth tried) may take to make. Generation runs inside request
 * handling and cannot be interrupted: past this the answer is null, and a SIGTERM waits no longer.
 */
const ANSWER_TIME_MS = 500;

const PLACEHOLDER_FORMATS = { [PLACEHOLDER_FORMAT]: () => PATTERN_PLACEHOLDER };

/** Counts a value json-schema-faker has made against the answer's budget. */
function spend(budget: { nodes: number; text: number }, value: unknown, deadline: number): void {
  if (++budget.nodes > MAX_NODES) throw new OverBudget();
  if (typeof value === "string") budget.text += value.length;
  if (budget.text > MAX_TEXT) throw new OverBudget();
  if (Date.now() > deadline) throw new OutOfTime();
}

class OverBudget extends Error {}
class OutOfTime extends Error {}

/**
 * The seeds, depths and use of examples tried for a value its schema accepts: json-schema-faker misses
 * on some `oneOf`s, a required field cut short at the depth limit is an empty string that fails its
 * format, and a description's example may not fit its own schema (GitHub's `GET /meta` gives a string
 * the example `["example.com"]`).
 */
const ATTEMPTS = [
  [0, MAX_DEPTH, true],
  [1, MAX_DEPTH, true],
  [2, MAX_DEPTH, true],
  [0, 2 * MAX_DEPTH, true],
  [1, 2 * MAX_DEPTH, true],
  [0, MAX_DEPTH, false],
  [1, 2 * MAX_DEPTH, false],
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
  const deadline = Date.now() + ANSWER_TIME_MS;
  for (const [offset, depth, useExamples] of ATTEMPTS) {
    if (Date.now() > deadline) break;
    const value = generateValue(schema, direction, seed + offset, depth, deadline, useExamples);
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
