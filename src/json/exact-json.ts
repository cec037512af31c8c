import { parse, stringify } from "lossless-json";
import { setOwn } from "./json-value.js";

/**
 * JSON whose integers beyond 2^53 stay exact (issue 41: `GET /pet/9007199254740993` answered pet …992,
 * and `19100000000000000000000000` came back as `1.91e+25`). Such an integer is read as a `bigint`, which
 * every JSON-shaped walk (copies, merge patches, keys) already takes for a scalar, and written back from
 * its digits; every other number is a plain `number`, as `JSON.parse` makes it.
 *
 * Only text with a run of 16 or more digits can hold such an integer: any other text goes to `JSON.parse`,
 * which is several times faster than a lossless parser.
 */
export function parseJsonExact(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  return parse(text, undefined, { parseNumber: exactNumber, onDuplicateKey: lastValue });
}

/** `JSON.stringify`, writing a `bigint` as its digits (JSON.stringify throws on one). */
export function stringifyJsonExact(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
    return stringify(value) ?? "null";
  }
}

/**
 * A value as a `number`-only JSON checker (ajv) can judge it: each `bigint` as the nearest `number`. The
 * value itself, uncopied, wherever it holds none.
 */
export function approximateBigInts(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value);
  const approximated = entries.map(([, item]) => approximateBigInts(item));
  if (approximated.every((item, index) => item === entries[index]?.[1])) return value;
  if (Array.isArray(value)) return approximated;
  const copy: Record<string, unknown> = {};
  entries.forEach(([key], index) => {
    setOwn(copy, key, approximated[index]);
  });
  return copy;
}

/**
 * An integer's text as the value that keeps it: a `bigint` beyond 2^53 (`"9007199254740993"`), else the
 * `number` (`"7"`, `"1.5"`, `"1e400"` as JSON.parse reads them).
 */
export function exactNumber(text: string): number | bigint {
  const number = Number(text);
  return INTEGER.test(text) && !Number.isSafeInteger(number) ? BigInt(text) : number;
}

/** A repeated key keeps its last value, as `JSON.parse` does (lossless-json throws by default). */
const lastValue = ({ newValue }: { newValue: unknown }) => newValue;

const LONG_DIGITS = /\d{16}/;
const INTEGER = /^-?\d+$/;
