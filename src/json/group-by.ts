/**
 * Items grouped by a key, in the order first met; an item whose key is undefined is left out. One pass,
 * so that reports and rules that look items up by file, tool or name stay linear.
 */
export function groupBy<T>(items: Iterable<T>, keyOf: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
