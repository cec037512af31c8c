/**
 * A JSON-like value with every string in it (keys kept) passed through `map`: a new value, the given one
 * untouched. How a report or a record is masked before it is written.
 */
export function mapStrings<T>(value: T, map: (text: string) => string): T {
  return mapAny(value, map) as T;
}

function mapAny(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapAny(item, map));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapAny(item, map)]));
  }
  return value;
}
