import { formatIssuePath } from "../json/format-zod-issue.js";

/** Extends a JSON path as a reader writes it: `joinPath("nodes[1]", "data", "inputs")` → `nodes[1].data.inputs`. */
export function joinPath(base: string, ...keys: readonly PropertyKey[]): string {
  const tail = formatIssuePath(keys);
  if (base === "") return tail;
  if (tail === "" || tail.startsWith("[")) return `${base}${tail}`;
  return `${base}.${tail}`;
}
