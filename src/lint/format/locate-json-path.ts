import { escapeRegExp } from "../../escape-reg-exp.js";

/**
 * The 1-based line where a JSON path (`[1].queryParamsSchema.id.in`) is written in a JSON or YAML file,
 * found by looking for each key in turn below the previous one; the last line found when a key is not
 * (it is then the nearest enclosing one). Good enough to point an annotation at, without a position-
 * keeping parser.
 */
export function locateJsonPath(text: string, path: string): number {
  const lines = text.split("\n");
  let line = 0;
  for (const key of pathKeys(path)) {
    const pattern = new RegExp(
      `^\\s*(?:-\\s+)?(?:"${escapeRegExp(key)}"|'${escapeRegExp(key)}'|${escapeRegExp(key)})\\s*:`,
    );
    const found = lines.findIndex((text, index) => index >= line && pattern.test(text));
    if (found < 0) break;
    line = found;
  }
  return line + 1;
}

function pathKeys(path: string): string[] {
  return path
    .split(/\.|\[\d+\]/)
    .map((key) => key.trim())
    .filter((key) => key !== "");
}
