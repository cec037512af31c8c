import { escapeRegExp } from "../../escape-reg-exp.js";

/** A file's lines and what was already found in them, so that each finding of a large file costs little. */
type Locator = (path: string) => number;

/** The last file located in: formatters locate every finding of a file one after another. */
let last: { text: string; locate: Locator } | undefined;

/**
 * The 1-based line where a JSON path (`[1].queryParamsSchema.id.in`) is written in a JSON or YAML file,
 * found by walking the path: a key is the next line of the enclosing block that names it, an index the
 * Nth item at the indent of the sequence's first item. When a step is not found the walk stops at the
 * nearest enclosing line. Good enough to point an annotation at, without a position-keeping parser. The
 * file's lines, its sequences' items and the paths already walked are kept for the next call on the same
 * text, so that locating every finding of a 40,000-tool file stays linear.
 */
export function locateJsonPath(text: string, path: string): number {
  if (last?.text !== text) last = { text, locate: createLocator(text) };
  return last.locate(path) + 1;
}

function createLocator(text: string): Locator {
  const lines = text.split("\n");
  const walked = new Map<string, number>();
  const sequences = new Map<number, number[]>();
  return (path) => {
    let line = 0;
    let prefix = "";
    for (const step of pathSteps(path)) {
      const next = typeof step === "number" ? `${prefix}[${step}]` : `${prefix}.${step}`;
      let found = walked.get(next);
      if (found === undefined) {
        if (typeof step === "string") found = findKey(lines, line, step, prefix !== "");
        else {
          const items = sequences.get(line) ?? sequenceItems(lines, line);
          sequences.set(line, items);
          found = items[step] ?? -1;
        }
        walked.set(next, found);
      }
      if (found < 0) break;
      line = found;
      prefix = next;
    }
    return line;
  };
}

/** The line naming `key` at or after `from`; within `from`'s block when `from` is a step already taken. */
function findKey(lines: string[], from: number, key: string, inBlock: boolean): number {
  const name = escapeRegExp(key);
  const pattern = new RegExp(`^\\s*(?:-\\s+)?(?:"${name}"|'${name}'|${name})\\s*:`);
  const indent = indentOf(lines[from] ?? "");
  for (let index = from; index < lines.length; index++) {
    const text = lines[index] ?? "";
    if (inBlock && index > from && !isBlankOrComment(text) && indentOf(text) <= indent) return -1;
    if (pattern.test(text)) return index;
  }
  return -1;
}

/** The lines of the items of the sequence that starts at or after `from`. */
function sequenceItems(lines: string[], from: number): number[] {
  const start = lines.findIndex(
    (text, index) => index >= from && /^\s*(-\s|[{[]|"|\d)/.test(text) && !/^\s*\[\s*$/.test(text),
  );
  if (start < 0) return [];
  const indent = indentOf(lines[start] ?? "");
  const items: number[] = [];
  for (let index = start; index < lines.length; index++) {
    const text = lines[index] ?? "";
    if (isBlankOrComment(text)) continue;
    if (indentOf(text) < indent) break;
    if (indentOf(text) === indent && /^\s*(-\s|[{[]|"|\d)/.test(text)) items.push(index);
  }
  return items;
}

function isBlankOrComment(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === "" || trimmed.startsWith("#");
}

function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}

function pathSteps(path: string): (string | number)[] {
  return [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((match) =>
    match[1] !== undefined ? Number(match[1]) : (match[2] as string),
  );
}
