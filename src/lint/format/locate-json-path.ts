import { escapeRegExp } from "../../text/escape-reg-exp.js";

/**
 * The 1-based line where a JSON path (`[1].queryParamsSchema.id.in`) is written in a JSON or YAML file,
 * found by walking the path: a key is the next line that names it, an index the Nth item at the indent
 * of the sequence's first item. When a step is not found the walk stops at the nearest enclosing line.
 * Good enough to point an annotation at, without a position-keeping parser.
 */
export function locateJsonPath(text: string, path: string): number {
  const lines = text.split("\n");
  let line = 0;
  for (const step of pathSteps(path)) {
    const found = typeof step === "number" ? findItem(lines, line, step) : findKey(lines, line, step);
    if (found < 0) break;
    line = found;
  }
  return line + 1;
}

function findKey(lines: string[], from: number, key: string): number {
  const name = escapeRegExp(key);
  const pattern = new RegExp(`^\\s*(?:-\\s+)?(?:"${name}"|'${name}'|${name})\\s*:`);
  return lines.findIndex((text, index) => index >= from && pattern.test(text));
}

/** The line of item `n` of the sequence that starts at or after `from`. */
function findItem(lines: string[], from: number, n: number): number {
  const start = lines.findIndex(
    (text, index) => index >= from && /^\s*(-\s|[{[]|"|\d)/.test(text) && !/^\s*\[\s*$/.test(text),
  );
  if (start < 0) return -1;
  const indent = indentOf(lines[start] ?? "");
  let seen = -1;
  for (let index = start; index < lines.length; index++) {
    const text = lines[index] ?? "";
    if (text.trim() === "" || text.trim().startsWith("#")) continue;
    if (indentOf(text) < indent) return -1;
    if (indentOf(text) === indent && /^\s*(-\s|[{[]|"|\d)/.test(text) && ++seen === n) return index;
  }
  return -1;
}

function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}

function pathSteps(path: string): (string | number)[] {
  return [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((match) =>
    match[1] !== undefined ? Number(match[1]) : (match[2] as string),
  );
}
