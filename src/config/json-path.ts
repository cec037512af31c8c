import { formatIssuePath } from "../json/format-zod-issue.js";

/** Extends a JSON path as a reader writes it: `joinPath("nodes[1]", "data", "inputs")` → `nodes[1].data.inputs`. */
export function joinPath(base: string, ...keys: readonly PropertyKey[]): string {
  const tail = formatIssuePath(keys);
  if (base === "") return tail;
  if (tail === "" || tail.startsWith("[")) return `${base}${tail}`;
  return `${base}.${tail}`;
}

/** The keys of a JSON path, the reverse of `joinPath`: `[2].queryParamsSchema.id` → [2, "queryParamsSchema", "id"]. */
export function toKeys(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  for (const match of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) {
    keys.push(match[1] !== undefined ? Number(match[1]) : (match[2] as string));
  }
  return keys;
}
