import { groupBy } from "../json/group-by.js";

/**
 * A lookup of items by name, built once per list (kept in a WeakMap on the list itself): a rule that
 * asks, for each tool, which tools share its name reads an index instead of scanning every tool, so a
 * lint run stays linear in the number of tools.
 * @example
 * const toolsNamed = createNameIndex((tool: LoadedTool) => tool.config.name);
 * toolsNamed(context.tools, "get_events"); // every tool of the run named get_events
 */
export function createNameIndex<T>(nameOf: (item: T) => string | undefined) {
  const indexes = new WeakMap<readonly T[], Map<string, T[]>>();
  return (items: readonly T[], name: string): readonly T[] => {
    let index = indexes.get(items);
    if (!index) {
      index = groupBy(items, nameOf);
      indexes.set(items, index);
    }
    return index.get(name) ?? [];
  };
}
