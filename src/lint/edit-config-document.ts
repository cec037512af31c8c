import {
  type Document,
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  type Node,
  type ToStringOptions,
  visit,
  type YAMLMap,
} from "yaml";
import { toKeys } from "../config/json-path.js";
import type { ConfigChange } from "./diagnostic.js";

/**
 * Applies one change to a config file's document (yaml's model, which keeps comments): sets a value,
 * removes a key, or renames one in place. A scalar set over a scalar keeps its node, so its quoting
 * (`'…'`, `"…"`) and its comment stay; a new map or list is written in the style of its neighbours, so a
 * key added beside `title: { type: string }` is a flow map too.
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
  const node = document.createNode(change.value);
  const old = document.getIn(keys, true);
  if (isScalar(old) && isScalar(node)) {
    old.value = node.value;
    return;
  }
  if (isCollection(node)) node.flow = flowLike(document.getIn(keys.slice(0, -1), true));
  document.setIn(keys, node);
}

/**
 * How to print an edited document so that what was not edited keeps its layout: no line folding (yaml
 * would fold a long description over several lines), and flow collections padded (`{ a: 1 }`) or not
 * (`{a: 1}`) as the file writes them.
 */
export function layoutOf(document: Document, text: string): ToStringOptions {
  let padded = 0;
  let tight = 0;
  visit(document, {
    Map: (_, node) => count(node),
    Seq: (_, node) => count(node),
  });
  function count(node: Node & { flow?: boolean; items: unknown[] }) {
    const start = node.range?.[0];
    if (!node.flow || node.items.length === 0 || start === undefined) return;
    if (/\s/.test(text[start + 1] ?? "")) padded++;
    else tight++;
  }
  return { lineWidth: 0, flowCollectionPadding: padded >= tight };
}

/** Whether the config at `keys` (`[2]`) is in tooldeck's format: it has a `kind`. */
export function isOwnFormatAt(document: Document, keys: readonly (string | number)[]): boolean {
  return keys.length === 0 ? document.has("kind") : document.hasIn([...keys, "kind"]);
}

/**
 * The alias (`*body`) a change would have to edit through, if any: what it points at is shared with its
 * anchor's place (another tool), so it is not edited from here; yaml would refuse it anyway.
 */
export function aliasOnPath(document: Document, change: ConfigChange): string | undefined {
  let node: unknown = document.contents;
  for (const key of toKeys(change.path).slice(0, -1)) {
    if (isAlias(node)) return `*${node.source}`;
    node = isMap(node) || isSeq(node) ? node.get(key, true) : undefined;
  }
  return isAlias(node) ? `*${node.source}` : undefined;
}

function renameKey(document: Document, keys: (string | number)[], name: string): void {
  const parent = document.getIn(keys.slice(0, -1), true);
  const key = keys.at(-1);
  if (!isMap(parent)) return;
  const pair = (parent as YAMLMap).items.find((item) => isScalar(item.key) && item.key.value === key);
  if (pair && isScalar(pair.key)) pair.key.value = name;
}

/** A new collection is flow when the non-empty collections beside it are, or its parent is. */
function flowLike(parent: unknown): boolean {
  if (!isCollection(parent)) return false;
  if (parent.flow) return true;
  const siblings = (isSeq(parent) ? parent.items : parent.items.map((pair) => pair.value)).filter(
    (item): item is Node & { flow?: boolean; items: unknown[] } =>
      isCollection(item) && item.items.length > 0,
  );
  return siblings.length > 0 && siblings.filter((item) => item.flow).length * 2 > siblings.length;
}
