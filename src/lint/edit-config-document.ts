import { type Document, isMap, isScalar, type YAMLMap } from "yaml";
import type { ConfigChange } from "./diagnostic.js";

/**
 * Applies one change to a config file's document (yaml's model, which keeps comments): sets a value,
 * removes a key, or renames one in place.
 */
export function applyChange(document: Document, change: ConfigChange): void {
  const keys = toKeys(change.path);
  if (change.renameTo !== undefined) {
    renameKey(document, keys, change.renameTo);
    return;
  }
  if (change.value === undefined) {
    document.deleteIn(keys);
    return;
  }
  document.setIn(keys, document.createNode(change.value));
}

/** Whether the config at `keys` (`[2]`) is in tooldeck's format: it has a `kind`. */
export function isOwnFormatAt(document: Document, keys: readonly (string | number)[]): boolean {
  return keys.length === 0 ? document.has("kind") : document.hasIn([...keys, "kind"]);
}

/** `[2].queryParamsSchema.id` → [2, "queryParamsSchema", "id"] */
export function toKeys(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  for (const match of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) {
    keys.push(match[1] !== undefined ? Number(match[1]) : (match[2] as string));
  }
  return keys;
}

function renameKey(document: Document, keys: (string | number)[], name: string): void {
  const parent = document.getIn(keys.slice(0, -1), true);
  const key = keys.at(-1);
  if (!isMap(parent)) return;
  const pair = (parent as YAMLMap).items.find((item) => isScalar(item.key) && item.key.value === key);
  if (pair && isScalar(pair.key)) pair.key.value = name;
}
