import type { SchemaObject } from "../../openapi/openapi-document.js";

/** What the ids of one collection are so far, kept up to date as items come and go. */
export interface IdTally {
  /** The largest all-digits id so far (0 for none); deleting it does not lower it, so ids are not reused. */
  readonly largestNumber: number;
  /** Whether every id is all digits (`"1"`… `"5"`). */
  readonly allNumbers: boolean;
  readonly size: number;
  has(id: string): boolean;
  add(id: string): void;
  remove(id: string): void;
}

export function createIdTally(): IdTally {
  const ids = new Set<string>();
  let largestNumber = 0;
  let others = 0;
  return {
    get largestNumber() {
      return largestNumber;
    },
    get allNumbers() {
      return others === 0;
    },
    get size() {
      return ids.size;
    },
    has: (id) => ids.has(id),
    add(id) {
      if (ids.has(id)) return;
      ids.add(id);
      if (/^\d+$/.test(id)) largestNumber = Math.max(largestNumber, Number(id));
      else others++;
    },
    remove(id) {
      if (!ids.delete(id)) return;
      if (!/^\d+$/.test(id)) others--;
    },
  };
}

/**
 * The id of a new item, fitting its schema: the next number after the largest numeric id for
 * integers (and for strings when every id so far is a number, as in `"1"`… `"5"`), a UUID (v4,
 * from the seeded source, so runs repeat) for `format: uuid`, else `<name>-<n>`. Constant time.
 */
export function nextId(
  schema: SchemaObject | undefined,
  taken: IdTally,
  random: () => number,
  name: string,
): string | number {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== "null") : schema?.type;
  const next = taken.largestNumber + 1;
  if (type === "integer" || type === "number") return next;
  if (schema?.format === "uuid") return uuidFrom(random);
  if (taken.allNumbers) return String(next);
  let n = taken.size + 1;
  while (taken.has(`${name}-${n}`)) n++;
  return `${name}-${n}`;
}

function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(random() * 4)] as string;
  const text = hex.join("");
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
