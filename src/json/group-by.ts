/**
 * Items grouped by a key, in the order first met; an item whose key is undefined is left out. One pass,
 * so that reports and rules that look items up by file, tool or name stay linear.
 */
export function groupBy<T>(items: Iterable<T>, keyOf: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key !== undefined) addToGroup(groups, key, item);
  }
  return groups;
}

/**
 * Adds one item to its key's group, in place: growing a group by copying it (`[...group, item]`) costs
 * its length each time, quadratic over a capture of 100k exchanges or a report of 40k findings.
 */
export function addToGroup<K, T>(groups: Map<K, T[]>, key: K, item: T): void {
  const group = groups.get(key);
  if (group) group.push(item);
  else groups.set(key, [item]);
}
