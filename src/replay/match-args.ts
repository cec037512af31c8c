import { isDeepStrictEqual } from "node:util";
import type { ArgsMatch } from "./scenario-schema.js";

/**
 * Whether actual arguments satisfy the expected ones: `exact` deep equality; `subset` every expected key
 * present with a matching value, at every level (arrays element by element, same length); `{ignore}` deep
 * equality once the listed keys are removed from both (dotted paths reach inside: `body.date`).
 */
export function matchArgs(expected: unknown, actual: unknown, mode: ArgsMatch): boolean {
  if (mode === "exact") return isDeepStrictEqual(expected, actual);
  if (mode === "subset") return isSubset(expected, actual);
  return isDeepStrictEqual(omitPaths(expected, mode.ignore), omitPaths(actual, mode.ignore));
}

function isSubset(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => isSubset(item, actual[index]))
    );
  }
  if (isRecord(expected)) {
    return (
      isRecord(actual) &&
      Object.entries(expected).every(([key, value]) => key in actual && isSubset(value, actual[key]))
    );
  }
  return isDeepStrictEqual(expected, actual);
}

function omitPaths(value: unknown, paths: readonly string[]): unknown {
  if (!isRecord(value)) return value;
  const copy = structuredClone(value);
  for (const path of paths) unsetDotted(copy, path.split("."));
  return copy;
}

/**
 * Deletes the own property at dotted keys: a scenario's path walks the recorded arguments' own
 * properties only, never `__proto__`, `constructor` or `prototype` (which lead to Object.prototype).
 */
function unsetDotted(root: Record<string, unknown>, keys: string[]): void {
  if (keys.some((key) => UNSAFE_KEYS.has(key))) return;
  const last = keys.pop() as string;
  let target: unknown = root;
  for (const key of keys) target = isRecord(target) && Object.hasOwn(target, key) ? target[key] : undefined;
  if (isRecord(target) && Object.hasOwn(target, last)) delete target[last];
}

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
