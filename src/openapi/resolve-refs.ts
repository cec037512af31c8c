import { ToolDeckError } from "../errors.js";
import { isPlainObject } from "../json/json-value.js";
import {
  assertWithinBounds,
  type ExpandedSize,
  ExpansionError,
  expandedSize,
  ownText,
} from "../project-files/bounded-expansion.js";
import { parsePointer, toPointer } from "./json-pointer.js";
import { locationKey, relativeLocation, type SpecLocation } from "./spec-location.js";

/** One parsed document that `$ref`s may point into: the spec itself or a file it references. */
export interface RefDocument {
  location: SpecLocation;
  label: string;
  root: unknown;
}

export interface ResolveOptions {
  /** OpenAPI 3.1 lets a `$ref` carry sibling keys (a description); 3.0 says they are ignored. */
  keepRefSiblings: boolean;
  /**
   * Leave `components`, `webhooks`, top-level extensions, and each operation's `responses` and
   * `callbacks` until they are first read (the objects other `$ref`s point into are resolved when pointed at). A broken `$ref`
   * in a part left is then thrown by the read, not by `resolveRefs`.
   */
  lazy?: boolean;
}

type Json = Record<string, unknown>;

/**
 * Keys whose values are data, not OpenAPI: a `$ref` inside an example or a default is just text, and
 * so is one in an extension (`x-…`, any JSON the spec's author likes) or an External Documentation
 * Object. Not walking them also skips GitHub's `x-webhooks`, a tenth of its description.
 */
const LITERAL_KEYS = new Set(["example", "default", "enum", "const", "externalDocs"]);

/**
 * Whether the value under a keyword `key` is data the resolver never follows a `$ref` in; external-ref
 * discovery (`forEachRef`) skips the same parts, so a `$ref` in an example or an `x-…` extension is
 * never read.
 */
export function isLiteral(key: string): boolean {
  return LITERAL_KEYS.has(key) || key.startsWith("x-");
}

/** Whether the value under `key` is a map keyed by user-chosen names (`properties`, `schemas`, …). */
export function isNameMap(key: string): boolean {
  return NAME_MAPS.has(key);
}

/**
 * Keys whose values are maps keyed by user-chosen names, where `default` or `examples` is a name (a
 * property called "default"), not a keyword.
 */
const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
  "paths",
  "webhooks",
  "schemas",
  "responses",
  "parameters",
  "requestBodies",
  "headers",
  "securitySchemes",
  "links",
  "callbacks",
  "pathItems",
  "content",
  "encoding",
  "variables",
]);

/**
 * What `lazy` resolves at once at the top of the document: the operations and the small parts; the
 * rest (`components`, `webhooks`, extensions such as GitHub's `x-webhooks`) waits to be read.
 */
const WALKED_AT_TOP = new Set(["paths", "info", "servers", "tags", "security", "externalDocs"]);
/** What `lazy` leaves for later in an operation (`/paths/{path}/{method}`). */
export const LEFT_IN_OPERATIONS: ReadonlySet<string> = new Set(["responses", "callbacks"]);

/**
 * How many objects deep the resolver walks, counting the targets it walks when first pointed at
 * (GitHub's description needs 22). Deeper is refused with a `load` error: the walks after loading are
 * recursive too (ajv compiling a schema overflows the stack near 300 levels).
 */
export const MAX_NESTING = 128;

/** Where a `$ref` text points, and (once followed) the link of its chain that is not a reference. */
interface Lookup {
  target: unknown;
  targetDoc: RefDocument;
  targetPath: string[];
  final?: Lookup;
}

/**
 * Replaces the `$ref` objects of the spec (in place) by the objects they point at, across `documents`
 * (keyed by `locationKey`, `main` among them). Targets are shared, not copied, so the result is a
 * graph: a recursive schema becomes a cycle instead of an endless expansion.
 *
 * The main document is walked, and each target when first pointed at; a walk stops at targets already
 * walked, which keeps cycles finite (a parsed document is otherwise a tree: YAML aliases that make it
 * cyclic are refused by the parse). Eager (the default): the other documents loaded are then walked
 * whole too, so a broken `$ref` anywhere is an error now. Lazy: the parts `lazy` leaves are walked
 * when first read.
 *
 * The same walk bounds what the spec stands for: written out as a tree (each `$ref` replaced by a copy
 * of its target), it may hold at most `MAX_EXPANDED_VALUES` values and `MAX_EXPANDED_TEXT` characters
 * of text, or a `load` error is thrown: a fan-out of `$ref`s is a tree far larger than the file, which
 * later steps would walk whole.
 */
export function resolveRefs(
  main: RefDocument,
  documents: Map<string, RefDocument>,
  options: ResolveOptions,
): Resolved {
  const resolver = new RefResolver(main, documents, options);
  const size = resolver.walkDocument(main);
  if (!options.lazy) for (const doc of documents.values()) if (doc !== main) resolver.walkDocument(doc);
  return { root: main.root, size };
}

export interface Resolved {
  /** The main document, resolved in place. */
  root: unknown;
  /**
   * What it stands for written out as a tree, in values and characters of text (a cycle once; the
   * parts `lazy` left not counted; a 3.1 `$ref`'s sibling counted besides the target field it replaces).
   */
  size: ExpandedSize;
}

type Path = (string | number)[];

class RefResolver {
  private readonly lookups = new Map<RefDocument, Map<string, Lookup>>();
  /** The targets of `$ref`s, each walked when first pointed at, then never again. */
  private readonly targets = new Set<object>();
  /** What each target (and each 3.1 copy with siblings) stands for, once walked. */
  private readonly sizes = new Map<object, ExpandedSize>();
  /** Lazy only: the unresolved values of the properties left for later, by owner and key. */
  private readonly left = new WeakMap<object, Map<string, unknown>>();
  /** How many `walk`s are under way, one inside the other. */
  private depth = 0;

  constructor(
    private readonly main: RefDocument,
    private readonly documents: Map<string, RefDocument>,
    private readonly options: ResolveOptions,
  ) {}

  walkDocument(doc: RefDocument): ExpandedSize {
    const root = doc.root;
    if (typeof root !== "object" || root === null || isRef(root)) return { values: 1, text: ownText(root) };
    return this.walkBounded(root, doc, [], false);
  }

  /** `walk`, with a count over the bound as the spec's one-line `load` error. */
  private walkBounded(node: object, doc: RefDocument, path: Path, names: boolean): ExpandedSize {
    try {
      return this.walk(node, doc, path, names);
    } catch (error) {
      if (!(error instanceof ExpansionError)) throw error;
      throw new ToolDeckError("load", `${this.main.label}: ${error.message}`, { cause: error });
    }
  }

  /**
   * Walks `node` and returns what it stands for once written out as a tree: `$ref` targets count whole
   * at each site that points at them (remembered, not walked again), a cycle counts once. `names`: the
   * node is a map keyed by user names (`properties`, `schemas`, …), not by keywords.
   */
  private walk(node: object, doc: RefDocument, path: Path, names: boolean): ExpandedSize {
    if (this.depth === MAX_NESTING) throw this.tooDeep(doc, path);
    this.depth++;
    try {
      const size = this.walkObject(node, doc, path, names);
      assertWithinBounds(size);
      return size;
    } finally {
      this.depth--;
    }
  }

  private walkObject(node: object, doc: RefDocument, path: Path, names: boolean): ExpandedSize {
    const size = { values: 1, text: 0 };
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const value = node[i];
        if (typeof value === "object" && value !== null) add(size, this.walkChild(node, i, doc, path, false));
        else addScalar(size, value);
      }
      return size;
    }
    const later = this.options.lazy && doc === this.main ? leftForLater(path) : undefined;
    for (const key in node) {
      size.text += key.length;
      // Most values are text or numbers: test that before any key lookup (GitHub's spec has ~400k keys).
      const value = (node as Json)[key];
      if (typeof value !== "object" || value === null) addScalar(size, value);
      else if (names) add(size, this.walkChild(node as Json, key, doc, path, false));
      else if (isLiteral(key)) add(size, literalSize(value));
      // Left for later: not counted, as it is not resolved (reading it resolves it).
      else if (later?.(key) && isPlainObject(value) && !isRef(value)) this.leave(node as Json, key, path);
      else if (key === "examples") add(size, this.walkExamples(value, doc, path));
      else add(size, this.walkChild(node as Json, key, doc, path, NAME_MAPS.has(key)));
    }
    return size;
  }

  /** A `$ref` child is replaced by its target; any other object child is walked. Returns its size. */
  private walkChild(
    parent: Json | unknown[],
    key: string | number,
    doc: RefDocument,
    path: Path,
    names: boolean,
  ): ExpandedSize {
    const value = (parent as Json)[key] as object;
    path.push(key);
    let size: ExpandedSize;
    if (isRef(value)) {
      const resolved = this.resolveSite(value as Json, doc, path);
      (parent as Json)[key] = resolved;
      size = this.sizeOf(resolved);
    } else if (this.targets.has(value)) size = this.sizeOf(value);
    else size = this.walk(value, doc, path, names);
    path.pop();
    return size;
  }

  /**
   * `examples` is a map of Example Objects (which may be `$ref`s) whose `value` is literal data, or,
   * in a 3.1 schema, an array of literal values: neither holds references to follow.
   */
  private walkExamples(examples: object, doc: RefDocument, path: Path): ExpandedSize {
    if (Array.isArray(examples)) return literalSize(examples);
    const size = { values: 1, text: 0 };
    path.push("examples");
    for (const name in examples) {
      size.text += name.length;
      const entry = (examples as Json)[name];
      path.push(name);
      if (!isPlainObject(entry))
        add(size, typeof entry === "object" && entry !== null ? literalSize(entry) : scalarSize(entry));
      else if (isRef(entry)) {
        const resolved = this.resolveSite(entry, doc, path, true);
        (examples as Json)[name] = resolved;
        add(size, this.sizeOf(resolved));
      } else if (this.targets.has(entry)) add(size, this.sizeOf(entry));
      else add(size, this.walkExample(entry, doc, path));
      path.pop();
    }
    path.pop();
    return size;
  }

  private walkExample(example: Json, doc: RefDocument, path: Path): ExpandedSize {
    const size = { values: 1, text: 0 };
    for (const key in example) {
      size.text += key.length;
      const value = example[key];
      if (key !== "value") add(size, this.walkField(example, key, doc, path));
      else add(size, typeof value === "object" && value !== null ? literalSize(value) : scalarSize(value));
    }
    return size;
  }

  private walkField(node: Json, key: string, doc: RefDocument, path: Path): ExpandedSize {
    const value = node[key];
    return typeof value === "object" && value !== null
      ? this.walkChild(node, key, doc, path, false)
      : scalarSize(value);
  }

  /** The size of a value a `$ref` resolved to, or of a target met again: remembered when walked. */
  private sizeOf(value: unknown): ExpandedSize {
    if (typeof value !== "object" || value === null) return scalarSize(value);
    // Not remembered yet: the target is being walked, and this is a cycle back to it (one value).
    return this.sizes.get(value) ?? { values: 1, text: 0 };
  }

  /**
   * The value a `$ref` object at `path` stands for: its target (walked now, if this is the first
   * `$ref` to it), or (3.1) the target with the siblings. `example`: the site is an entry of an
   * `examples` map, so the target's `value` is data.
   */
  private resolveSite(refNode: Json, doc: RefDocument, path: Path, example = false): unknown {
    const final = this.follow(refNode, doc, path);
    const target = final.target;
    if (typeof target === "object" && target !== null && !this.targets.has(target)) {
      this.targets.add(target);
      const at = [...final.targetPath];
      const size =
        example && isPlainObject(target)
          ? this.walkExample(target, final.targetDoc, at)
          : this.walk(target, final.targetDoc, at, false);
      this.sizes.set(target, size);
    }
    if (!this.options.keepRefSiblings || !isPlainObject(target)) return target;
    const siblings = Object.keys(refNode).filter((key) => key !== "$ref");
    if (siblings.length === 0) return target;
    // An upper bound: a sibling replacing a field of the target is counted besides it.
    const size = { ...this.sizeOf(target) };
    for (const key of siblings) {
      size.text += key.length;
      add(size, this.walkField(refNode, key, doc, path));
    }
    const merged: Json = { ...target };
    for (const key of siblings) merged[key] = refNode[key];
    // A target met again in a cycle is not walked yet: the copy resolves its `$ref` fields itself.
    for (const key in merged) {
      const value = merged[key];
      if (!isRef(value)) continue;
      merged[key] = this.resolveSite(value as Json, doc, [...path, key]);
      add(size, this.sizeOf(merged[key]));
    }
    this.sizes.set(merged, size);
    return merged;
  }

  /**
   * Follows `$ref` → `$ref` → … to the first object that is not a reference, so `A: {$ref: B}` with
   * B pointing back at A is caught as a circular chain instead of recursing.
   */
  private follow(refNode: Json, doc: RefDocument, path: Path): Lookup {
    const first = this.lookup(refNode.$ref as string, doc, path);
    if (first.final) return first.final;
    const chain: Lookup[] = [];
    let step = first;
    while (!step.final && isRef(step.target)) {
      if (chain.includes(step)) {
        throw this.error(doc, path, `$ref "${String(refNode.$ref)}" is a circular chain of $refs`);
      }
      chain.push(step);
      step = this.lookup((step.target as Json).$ref as string, step.targetDoc, step.targetPath);
    }
    const final = step.final ?? step;
    for (const link of chain) link.final = final;
    step.final = final;
    return final;
  }

  /** The same `$ref` text in the same document always names the same node: look it up once. */
  private lookup(ref: string, doc: RefDocument, path: readonly (string | number)[]): Lookup {
    let cache = this.lookups.get(doc);
    if (!cache) {
      cache = new Map();
      this.lookups.set(doc, cache);
    }
    let found = cache.get(ref);
    if (!found) {
      found = this.lookupUncached(ref, doc, path);
      cache.set(ref, found);
    }
    return found;
  }

  private lookupUncached(ref: string, doc: RefDocument, path: readonly (string | number)[]): Lookup {
    const hash = ref.indexOf("#");
    const file = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash);
    const targetDoc = file === "" ? doc : this.documentFor(file, doc, path);
    const tokens = parsePointer(fragment);
    if (!tokens) throw this.error(doc, path, `$ref "${ref}" is not a JSON pointer`);
    const target = this.at(targetDoc.root, tokens);
    if (target === undefined) throw this.error(doc, path, `$ref "${ref}" does not resolve`);
    return { target, targetDoc, targetPath: tokens };
  }

  /** The value at a pointer, reading parts left for later as they are, without resolving them. */
  private at(root: unknown, tokens: readonly string[]): unknown {
    let node = root;
    for (const token of tokens) {
      if (typeof node !== "object" || node === null) return undefined;
      const left = this.left.get(node);
      if (left?.has(token)) node = left.get(token);
      else if (Object.hasOwn(node, token)) node = (node as Json)[token];
      else return undefined;
    }
    return node;
  }

  private documentFor(file: string, doc: RefDocument, path: readonly (string | number)[]): RefDocument {
    const location = relativeLocation(doc.location, file);
    const found = location && this.documents.get(locationKey(location));
    if (!found) throw this.error(doc, path, `$ref "${file}" points at a document that was not loaded`);
    return found;
  }

  /**
   * Turns `owner[key]` into a property that resolves its value on first read, then becomes plain data.
   * A failed resolution throws the same error on every read rather than handing out a half-done value.
   */
  private leave(owner: Json, key: string, path: Path) {
    let left = this.left.get(owner);
    if (!left) {
      left = new Map();
      this.left.set(owner, left);
    }
    const where = [...path, key];
    left.set(key, owner[key]);
    let failure: unknown;
    const settle = (value: unknown) => {
      left.delete(key);
      Object.defineProperty(owner, key, { value, writable: true, enumerable: true, configurable: true });
    };
    Object.defineProperty(owner, key, {
      enumerable: true,
      configurable: true,
      get: () => {
        if (failure) throw failure;
        const value = left.get(key) as object;
        try {
          this.walkBounded(value, this.main, where, NAME_MAPS.has(key));
        } catch (error) {
          failure = error;
          throw error;
        }
        settle(value);
        return value;
      },
      set: settle,
    });
  }

  /** The pointer is cut after a few keys: a full one would be as long as the document is deep. */
  private tooDeep(doc: RefDocument, path: Path): ToolDeckError {
    const where = path.length > 8 ? `${toPointer(path.slice(0, 8))}/…` : toPointer(path);
    return new ToolDeckError(
      "load",
      `${doc.label}${where}: nested more than ${MAX_NESTING} objects deep ($ref targets included); refusing to load it`,
    );
  }

  private error(doc: RefDocument, path: readonly (string | number)[], message: string): ToolDeckError {
    return new ToolDeckError("load", `${doc.label}${toPointer(path)}: ${message}`);
  }
}

/** Which keys `lazy` leaves for later in the node at `path` of the main document. */
function leftForLater(path: Path): ((key: string) => boolean) | undefined {
  if (path.length === 0) return leftAtTop;
  return path.length === 3 && path[0] === "paths" ? leftInOperation : undefined;
}

const leftAtTop = (key: string) => !WALKED_AT_TOP.has(key);
const leftInOperation = (key: string) => LEFT_IN_OPERATIONS.has(key);

/**
 * The size of data the resolver does not walk (an example, a default, an `x-…` extension): most is
 * flat, an enum's texts; what nests (YAML may share parts of it) is counted by `expandedSize`.
 */
function literalSize(value: object): ExpandedSize {
  const values = Array.isArray(value) ? value : Object.values(value);
  const size = { values: 1, text: ownText(value) };
  for (const item of values) {
    if (typeof item === "object" && item !== null) return expandedSize(value);
    addScalar(size, item);
  }
  return size;
}

function scalarSize(value: unknown): ExpandedSize {
  return { values: 1, text: typeof value === "string" ? value.length : 0 };
}

function addScalar(size: ExpandedSize, value: unknown): void {
  size.values++;
  if (typeof value === "string") size.text += value.length;
}

function add(size: ExpandedSize, more: ExpandedSize): void {
  size.values += more.values;
  size.text += more.text;
}

/** An object with a `$ref` text: a Reference Object (a boolean, so narrowing leaves other objects alone). */
function isRef(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as Json).$ref === "string";
}

/** Whether `owner[key]` is a part `lazy` left for later, not resolved yet (reading it would resolve it). */
export function isLeftForLater(owner: object, key: string): boolean {
  return typeof Object.getOwnPropertyDescriptor(owner, key)?.get === "function";
}
