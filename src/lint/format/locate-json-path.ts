import { createRequire } from "node:module";
import type * as Jsonc from "jsonc-parser";
import type * as Yaml from "yaml";

/** A place in a text: 1-based line and column (UTF-16 code units, as SARIF and editors count). */
export interface TextPosition {
  line: number;
  column: number;
}

type Step = string | number;

/** The offset where the walk of a path's steps ends: the last step found. */
type FindOffset = (steps: readonly Step[]) => number;

/**
 * A JSON or YAML file's text, parsed once with its offsets, answering where a JSON path
 * (`[1].queryParamsSchema.id.in`) is written: the key of a mapping entry, the start of a sequence item.
 * A step that is not found (a key inside a JSON string, a path through a YAML alias) stops the walk at
 * the nearest enclosing place. JSON is read by jsonc-parser (six times faster than a YAML parser on a
 * 13 MB file), anything else by `yaml`, which never expands an alias here.
 */
export function jsonPathLocator(text: string): (path: string) => TextPosition {
  const find = jsonOffsets(text) ?? yamlOffsets(text);
  const lineStarts = [0];
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lineStarts.push(at + 1);
  return (path) => {
    const offset = find(pathSteps(path));
    const line = lastAtOrBefore(lineStarts, offset);
    return { line: line + 1, column: offset - (lineStarts[line] ?? 0) + 1 };
  };
}

/** Where a JSON path is written in a JSON or YAML text (see `jsonPathLocator`). */
export function locateJsonPath(text: string, path: string): TextPosition {
  return jsonPathLocator(text)(path);
}

/** The index of the last of the ascending `starts` at or before `offset`, by bisection. */
function lastAtOrBefore(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The parsers, loaded the first time a file is located: `require`, as `lazyAjv` loads ajv, because the
 * formatters are synchronous and a run without findings never needs them (bench/startup). It also
 * keeps jsonc-parser out of the CLI's bundle, which cannot follow the `require`s of its UMD build.
 */
const requireParser = createRequire(import.meta.url);

/** Undefined when the text is not JSON (jsonc-parser's leniencies aside: comments, trailing commas). */
function jsonOffsets(text: string): FindOffset | undefined {
  if (!/^\s*[[{]/.test(text)) return undefined;
  const errors: Jsonc.ParseError[] = [];
  const { parseTree } = requireParser("jsonc-parser") as typeof Jsonc;
  const root = parseTree(text, errors, { allowTrailingComma: true });
  if (!root || errors.length > 0) return undefined;
  return walker(root, root.offset, jsonStep);
}

function jsonStep(node: Jsonc.Node, step: Step): { node: Jsonc.Node; offset: number } | undefined {
  if (typeof step === "number") {
    const item = node.type === "array" ? node.children?.[step] : undefined;
    return item && { node: item, offset: item.offset };
  }
  if (node.type !== "object") return undefined;
  // The last of two equal keys: the one JSON.parse keeps.
  const property = node.children?.findLast((child) => child.children?.[0]?.value === step);
  const [key, value] = property?.children ?? [];
  return key && value && { node: value, offset: key.offset };
}

function yamlOffsets(text: string): FindOffset {
  const yaml = requireParser("yaml") as typeof Yaml;
  const root: unknown = yaml.parseDocument(text, { uniqueKeys: false, strict: false }).contents;
  return walker(root, startOf(root) ?? 0, (node, step) => yamlStep(yaml, node, step));
}

function yamlStep(
  yaml: typeof Yaml,
  node: unknown,
  step: Step,
): { node: unknown; offset: number } | undefined {
  if (yaml.isAlias(node)) return undefined;
  if (typeof step === "number") {
    const item: unknown = yaml.isSeq(node) ? node.items[step] : undefined;
    const offset = startOf(item);
    return offset === undefined ? undefined : { node: item, offset };
  }
  if (!yaml.isMap(node)) return undefined;
  const pair = node.items.findLast((entry) => yaml.isScalar(entry.key) && String(entry.key.value) === step);
  const offset = startOf(pair?.key);
  return pair && offset !== undefined ? { node: pair.value, offset } : undefined;
}

/** Follows the steps from `root` as far as they are found. */
function walker<N>(
  root: N,
  rootOffset: number,
  stepInto: (node: N, step: Step) => { node: N; offset: number } | undefined,
): FindOffset {
  return (steps) => {
    let node = root;
    let offset = rootOffset;
    for (const step of steps) {
      const next = stepInto(node, step);
      if (!next) break;
      ({ node, offset } = next);
    }
    return offset;
  };
}

function startOf(node: unknown): number | undefined {
  return (node as Yaml.Node | null | undefined)?.range?.[0];
}

function pathSteps(path: string): Step[] {
  return [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((match) =>
    match[1] !== undefined ? Number(match[1]) : (match[2] as string),
  );
}
