import type { SchemaObject } from "../../openapi/openapi-document.js";

/** What the ids of one collection are so far, kept up to date as items come and go. */
export interface IdTally {
  /**
   * The largest all-digits id so far that is a safe integer (0 for none): `1e20` and 2^53 are left out,
   * since the number after them is themselves. Deleting it does not lower it, so ids are not reused.
   */
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
      if (!/^\d+$/.test(id)) others++;
      else if (Number.isSafeInteger(Number(id))) largestNumber = Math.max(largestNumber, Number(id));
    },
    remove(id) {
      if (!ids.delete(id)) return;
      if (!/^\d+$/.test(id)) others--;
    },
  };
}

/** What a made-up id must be: the id field's schema, and the path parameter's schemas it is read by. */
export interface IdRules {
  schemas: readonly (SchemaObject | undefined)[];
  /** The collection's name, for `<name>-<n>` ids. */
  name: string;
  /** Whether a made-up text id fits the schemas (a pattern, a length): checked before use. */
  fits: (id: string | number) => boolean;
}

/**
 * The id of a new item, fitting its schemas and free in its collection: for integers (and for strings
 * when every id so far is a number, as in `"1"`… `"5"`), the next number after the largest one within
 * the schemas' bounds (`minimum`, `maximum`, `int32`), skipping taken ones, then the first free one from
 * the lower bound; a UUID (v4, from the seeded source, so runs repeat) for `format: uuid`; else
 * `<name>-<n>`. Undefined when no id is free (`maximum: 10` and ten items).
 */
export function nextId(rules: IdRules, taken: IdTally, random: () => number): string | number | undefined {
  const schemas = rules.schemas.filter((schema): schema is SchemaObject => schema !== undefined);
  const type = schemas.map(typeOf).find((t) => t !== undefined);
  if (type === "integer" || type === "number") return freeNumber(schemas, taken);
  if (schemas.some((schema) => schema.format === "uuid")) return freeUuid(taken, random);
  if (taken.allNumbers) {
    const number = freeNumber(schemas, taken);
    if (number !== undefined && rules.fits(String(number))) return String(number);
  }
  for (let n = taken.size + 1; n <= 2 * taken.size + 1; n++) {
    const id = `${rules.name}-${n}`;
    if (!taken.has(id) && rules.fits(id)) return id;
  }
  return undefined;
}

function typeOf(schema: SchemaObject): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

/** The next free whole number within the schemas' bounds: after the largest so far, else from the lowest. */
function freeNumber(schemas: SchemaObject[], taken: IdTally): number | undefined {
  const [lowest, highest] = bounds(schemas);
  const free = (from: number) => {
    // At most one step per taken id before a free one is met.
    for (let id = from, steps = 0; id <= highest && steps <= taken.size; id++, steps++) {
      if (!taken.has(String(id))) return id;
    }
    return undefined;
  };
  return free(Math.max(lowest, taken.largestNumber + 1)) ?? free(lowest);
}

const INT32_MAX = 2 ** 31 - 1;

/** The smallest and largest whole numbers every schema allows (from 1, at most 2^53 - 1). */
function bounds(schemas: SchemaObject[]): [number, number] {
  let lowest = 1;
  let highest = Number.MAX_SAFE_INTEGER;
  for (const schema of schemas) {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
    if (typeof minimum === "number")
      lowest = Math.max(lowest, Math.ceil(minimum) + (exclusiveMinimum === true ? 1 : 0));
    if (typeof exclusiveMinimum === "number") lowest = Math.max(lowest, Math.floor(exclusiveMinimum) + 1);
    if (typeof maximum === "number")
      highest = Math.min(highest, Math.floor(maximum) - (exclusiveMaximum === true ? 1 : 0));
    if (typeof exclusiveMaximum === "number") highest = Math.min(highest, Math.ceil(exclusiveMaximum) - 1);
    if (schema.format === "int32") highest = Math.min(highest, INT32_MAX);
  }
  return [lowest, highest];
}

function freeUuid(taken: IdTally, random: () => number): string {
  let id = uuidFrom(random);
  while (taken.has(id)) id = uuidFrom(random);
  return id;
}

function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(random() * 4)] as string;
  const text = hex.join("");
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
