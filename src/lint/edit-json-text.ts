import { createRequire } from "node:module";
import { isDeepStrictEqual } from "node:util";
import type * as Jsonc from "jsonc-parser";
import { joinPath, toKeys } from "../config/json-path.js";
import { isPlainObject, setOwn } from "../json/json-value.js";
import type { ConfigChange } from "./diagnostic.js";

/** One edit of a JSON text, at the keys of the value it changes. */
export interface JsonEdit {
  /**
   * The keys from the top of the text. A key past a string value is read in the JSON that string holds
   * (a Flowise Query Params Schema, a chatflow row's `flowData`): the string is edited as JSON and
   * written back as a string.
   */
  path: readonly (string | number)[];
  /** The new value; undefined removes the key or item. */
  value?: unknown;
  /** Renames the key instead, its value and place kept. */
  renameTo?: string;
}

/** A config change (`[2].queryParamsSchema.id`) as the edit of a JSON text. */
export function toJsonEdit(change: ConfigChange): JsonEdit {
  const edit: JsonEdit = { path: toKeys(change.path) };
  if (change.renameTo !== undefined) edit.renameTo = change.renameTo;
  else if (change.value !== undefined) edit.value = change.value;
  return edit;
}

/** The edited text, or why the text cannot be edited in place. */
export type JsonTextEdit = { ok: true; text: string } | { ok: false; reason: string };

/**
 * Applies edits to a JSON text in place: only the values edited change, so the file keeps its
 * indentation, its key order, its number spellings (`1.0`) and its escapes. A value set over a scalar
 * replaces that scalar's text, a key or item removed takes its comma along, and a key added is written
 * by jsonc-parser in the text's own indentation (whose removals once left `[{…}}]` of a one-line list).
 * Each result is checked against the edit applied to the parsed value.
 * @example
 * editJsonText('{\n  "url": "http://x/{id}"\n}', [{ path: ["url"], value: "http://x/:id" }]);
 * // { ok: true, text: '{\n  "url": "http://x/:id"\n}' }
 */
export function editJsonText(text: string, edits: readonly JsonEdit[]): JsonTextEdit {
  let edited: JsonTextEdit = { ok: true, text };
  for (const edit of edits) {
    edited = editOnce(edited.text, edit, []);
    if (!edited.ok) return edited;
  }
  return edited;
}

/**
 * jsonc-parser, loaded when a JSON file is first edited: `require`, as locate-json-path.ts loads it,
 * since the CLI's bundle cannot follow the `require`s of its UMD build.
 */
const requireParser = createRequire(import.meta.url);

function editOnce(text: string, edit: JsonEdit, outer: readonly (string | number)[]): JsonTextEdit {
  const jsonc = requireParser("jsonc-parser") as typeof Jsonc;
  const errors: Jsonc.ParseError[] = [];
  const root = jsonc.parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const where = describeKeys(outer);
  if (!root || errors.length > 0) return { ok: false, reason: `${where || "the file"} is not strict JSON` };
  let node = root;
  for (const [index, key] of edit.path.entries()) {
    if (node.type === "string" && typeof node.value === "string") {
      const inner = editOnce(node.value, { ...edit, path: edit.path.slice(index) }, [
        ...outer,
        ...edit.path.slice(0, index),
      ]);
      return inner.ok ? { ok: true, text: splice(text, node, JSON.stringify(inner.text)) } : inner;
    }
    const next = childOf(node, key);
    if (next) {
      node = next;
      continue;
    }
    if (index < edit.path.length - 1 || edit.renameTo !== undefined)
      return {
        ok: false,
        reason: `${describeKeys([...outer, ...edit.path.slice(0, index + 1)])} is not there`,
      };
    if (edit.value === undefined) return { ok: true, text };
    return addedInLine(text, node, edit) ?? restructured(jsonc, text, node, edit);
  }
  if (edit.renameTo !== undefined) {
    const key = node.parent?.type === "property" ? node.parent.children?.[0] : undefined;
    if (!key) return { ok: false, reason: `${describeKeys([...outer, ...edit.path])} is not a key` };
    return checked(text, splice(text, key, JSON.stringify(edit.renameTo)), edit);
  }
  if (edit.value === undefined) return removed(text, node, edit);
  if (isScalar(node) && !isStructured(edit.value))
    return checked(text, splice(text, node, JSON.stringify(edit.value)), edit);
  return restructured(jsonc, text, node, edit);
}

/**
 * A key or item added to `near` (or a structure written over it) by jsonc-parser: on one line where
 * `near` is written on one line (`{ "type": "string" }`), else indented as the text is.
 */
function restructured(jsonc: typeof Jsonc, text: string, near: Jsonc.Node, edit: JsonEdit): JsonTextEdit {
  const oneLine = !text.slice(near.offset, near.offset + near.length).includes("\n");
  const options = oneLine ? {} : { formattingOptions: formattingOf(text) };
  return checked(text, jsonc.applyEdits(text, jsonc.modify(text, [...edit.path], edit.value, options)), edit);
}

/**
 * A key added to an object written on one line, after its last key, with the separators its keys have
 * (`, ` and `: `, or `,` and `:`); undefined for any other addition.
 */
function addedInLine(text: string, object: Jsonc.Node, edit: JsonEdit): JsonTextEdit | undefined {
  const span = text.slice(object.offset, object.offset + object.length);
  const [first, second] = object.children ?? [];
  const last = object.children?.at(-1);
  const [key, value] = first?.children ?? [];
  if (object.type !== "object" || span.includes("\n") || !last || !key || !value) return undefined;
  const comma = second && first ? text.slice(first.offset + first.length, second.offset) : ", ";
  const colon = text.slice(key.offset + key.length, value.offset);
  const at = last.offset + last.length;
  const entry = `${comma}${JSON.stringify(String(edit.path.at(-1)))}${colon}${JSON.stringify(edit.value)}`;
  return checked(text, `${text.slice(0, at)}${entry}${text.slice(at)}`, edit);
}

/**
 * A key or item removed with the comma that joined it to its neighbours: the one after it, or for the
 * last one the one before it, so the text around keeps its layout; the only one leaves `[]` or `{}`.
 */
function removed(text: string, node: Jsonc.Node, edit: JsonEdit): JsonTextEdit {
  const entry = node.parent?.type === "property" ? node.parent : node;
  const container = entry.parent;
  const siblings = container?.children ?? [];
  const index = siblings.indexOf(entry);
  const next = siblings[index + 1];
  const previous = siblings[index - 1];
  const end = entry.offset + entry.length;
  let [from, to] = [entry.offset, end];
  if (next) to = next.offset;
  else if (previous) from = previous.offset + previous.length;
  // The only entry: the container is left empty, `[]`, as JSON.stringify writes it.
  else if (container) [from, to] = [container.offset + 1, container.offset + container.length - 1];
  return checked(text, `${text.slice(0, from)}${text.slice(to)}`, edit);
}

/** The edited text, when it parses to what the edit means; else why not. */
function checked(before: string, after: string, edit: JsonEdit): JsonTextEdit {
  const expected = applyToValue(JSON.parse(before), edit);
  let actual: unknown;
  try {
    actual = JSON.parse(after);
  } catch {
    return { ok: false, reason: "the edit would not leave valid JSON" };
  }
  return isDeepStrictEqual(actual, expected)
    ? { ok: true, text: after }
    : { ok: false, reason: "the edit would change more than the fix" };
}

/** The edit applied to a parsed value (its own copy), as the edited text must parse. */
function applyToValue(value: unknown, edit: JsonEdit): unknown {
  const keys = [...edit.path];
  const last = keys.pop();
  let parent = value;
  for (const key of keys) parent = (parent as Record<string | number, unknown> | undefined)?.[key];
  if (Array.isArray(parent) && typeof last === "number") {
    if (edit.value === undefined) parent.splice(last, 1);
    else parent[last] = edit.value;
  } else if (isPlainObject(parent) && last !== undefined) {
    const key = String(last);
    if (edit.renameTo !== undefined) {
      setOwn(parent, edit.renameTo, parent[key]);
      delete parent[key];
    } else if (edit.value === undefined) delete parent[key];
    else setOwn(parent, key, edit.value);
  }
  return value;
}

function childOf(node: Jsonc.Node, key: string | number): Jsonc.Node | undefined {
  if (node.type === "array") return typeof key === "number" ? node.children?.[key] : undefined;
  if (node.type !== "object") return undefined;
  // The last of two equal keys: the one JSON.parse keeps.
  return node.children?.findLast((property) => property.children?.[0]?.value === String(key))?.children?.[1];
}

function isScalar(node: Jsonc.Node): boolean {
  return node.type !== "object" && node.type !== "array";
}

function isStructured(value: unknown): boolean {
  return typeof value === "object" && value !== null;
}

function splice(text: string, node: Jsonc.Node, replacement: string): string {
  return `${text.slice(0, node.offset)}${replacement}${text.slice(node.offset + node.length)}`;
}

/** The text's own indentation and line ends, for what jsonc-parser writes. */
function formattingOf(text: string): Jsonc.FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
  return {
    insertSpaces: !indent.startsWith("\t"),
    tabSize: indent.startsWith("\t") ? 1 : indent.length,
    eol: text.includes("\r\n") ? "\r\n" : "\n",
  };
}

/** `nodes[1].data.inputs.requestsGetQueryParamsSchema` */
function describeKeys(keys: readonly (string | number)[]): string {
  return joinPath("", ...keys);
}
