import { pythonJsonDumps, pythonNumberText, pythonRepr } from "./python-text.js";

/**
 * The text a variable's value is inserted as into a template (reference/dify-tools.md fact 23,
 * graphon `Segment.text`): a string raw; a number as Python's `str()` (`1.5`, `1e+20`); a boolean `True`
 * or `False`; null `""`; an object `json.dumps` (`{"a": 1}`); an array of strings JSON (`["a", "b"]`);
 * any other array Python's repr (`[{'a': 1}]`, `[True, False]`); an empty array `""`.
 * @example
 * segmentText([{ a: 1 }]); // "[{'a': 1}]"
 */
export function segmentText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return pythonNumberText(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (Array.isArray(value)) {
    if (value.length === 0) return "";
    return value.every((item) => typeof item === "string") ? pythonJsonDumps(value) : pythonRepr(value);
  }
  return pythonJsonDumps(value);
}
