import { ToolDeckError } from "../errors.js";
import { isPlainObject } from "../json-value.js";
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
 * Eager (the default): one pass over each document's tree, every document loaded walked whole, so a
 * broken `$ref` anywhere is an error now. A parsed document is a tree, so each object is met once and
 * no visited set is needed; a replaced `$ref` is never descended into, since its target is walked
 * where it lives. Lazy: the main document is walked except the parts `lazy` leaves, and each target
 * is walked when first pointed at. A walk stops at targets already walked, which keeps cycles finite;
 * in a tree the rest of a target's subtree is reached only through the target itself.
 */
export function resolveRefs(main: RefDocument, documents: Map<string, RefDocument>, options: ResolveOptions) {
  const resolver = new RefResolver(main, documents, options);
  resolver.walkDocument(main);
  if (!options.lazy) for (const doc of documents.values()) if (doc !== main) resolver.walkDocument(doc);
  return main.root;
}

type Path = (string | number)[];

class RefResolver {
  private readonly lookups = new Map<RefDocument, Map<string, Lookup>>();
  /** Lazy only: the targets walked when first pointed at. */
  private readonly targets: Set<object> | undefined;
  /** Lazy only: the unresolved values of the properties left for later, by owner and key. */
  private readonly left = new WeakMap<object, Map<string, unknown>>();
  /** How many `walk`s are under way, one inside the other. */
  private depth = 0;

  constructor(
    private readonly main: RefDocument,
    private readonly documents: Map<string, RefDocument>,
    private readonly options: ResolveOptions,
  ) {
    this.targets = options.lazy ? new Set() : undefined;
  }

  walkDocument(doc: RefDocument) {
    const root = doc.root;
    if (typeof root === "object" && root !== null && !isRef(root)) this.walk(root, doc, [], false);
  }

  /** `names`: the node is a map keyed by user names (`properties`, `schemas`, …), not by keywords. */
  private walk(node: object, doc: RefDocument, path: Path, names: boolean) {
    if (this.depth === MAX_NESTING) throw this.tooDeep(doc, path);
    this.depth++;
    try {
      this.walkObject(node, doc, path, names);
    } finally {
      this.depth--;
    }
  }

  private walkObject(node: object, doc: RefDocument, path: Path, names: boolean) {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (typeof node[i] === "object" && node[i] !== null) this.walkChild(node, i, doc, path, false);
      }
      return;
    }
    const later = this.targets && doc === this.main ? leftForLater(path) : undefined;
    for (const key in node) {
      // Most values are text or numbers: test that before any key lookup (GitHub's spec has ~400k keys).
      const value = (node as Json)[key];
      if (typeof value !== "object" || value === null) continue;
      if (names) this.walkChild(node as Json, key, doc, path, false);
      else if (isLiteral(key)) continue;
      else if (later?.(key) && isPlainObject(value) && !isRef(value)) this.leave(node as Json, key, path);
      else if (key === "examples") this.walkExamples(value, doc, path);
      else this.walkChild(node as Json, key, doc, path, NAME_MAPS.has(key));
    }
  }

  /** A `$ref` child is replaced by its target; any other object child is walked. */
  private walkChild(
    parent: Json | unknown[],
    key: string | number,
    doc: RefDocument,
    path: Path,
    names: boolean,
  ) {
    const value = (parent as Json)[key] as object;
    path.push(key);
    if (isRef(value)) (parent as Json)[key] = this.resolveSite(value as Json, doc, path);
    else if (!this.targets?.has(value)) this.walk(value, doc, path, names);
    path.pop();
  }

  /**
   * `examples` is a map of Example Objects (which may be `$ref`s) whose `value` is literal data, or,
   * in a 3.1 schema, an array of literal values: neither holds references to follow.
   */
  private walkExamples(examples: object, doc: RefDocument, path: Path) {
    if (Array.isArray(examples)) return;
    path.push("examples");
    for (const name in examples) {
      const entry = (examples as Json)[name];
      if (!isPlainObject(entry)) continue;
      path.push(name);
      if (isRef(entry)) (examples as Json)[name] = this.resolveSite(entry, doc, path, true);
      else if (!this.targets?.has(entry)) this.walkExample(entry, doc, path);
      path.pop();
    }
    path.pop();
  }

  private walkExample(example: Json, doc: RefDocument, path: Path) {
    for (const key in example) if (key !== "value") this.walkField(example, key, doc, path);
  }

  private walkField(node: Json, key: string, doc: RefDocument, path: Path) {
    const value = node[key];
    if (typeof value === "object" && value !== null) this.walkChild(node, key, doc, path, false);
  }

  /**
   * The value a `$ref` object at `path` stands for: its target, or (3.1) the target with the siblings.
   * `example`: the site is an entry of an `examples` map, so the target's `value` is data.
   */
  private resolveSite(refNode: Json, doc: RefDocument, path: Path, example = false): unknown {
    const final = this.follow(refNode, doc, path);
    const target = final.target;
    if (this.targets && typeof target === "object" && target !== null && !this.targets.has(target)) {
      this.targets.add(target);
      const at = [...final.targetPath];
      if (example && isPlainObject(target)) this.walkExample(target, final.targetDoc, at);
      else this.walk(target, final.targetDoc, at, false);
    }
    if (!this.options.keepRefSiblings || !isPlainObject(target)) return target;
    const siblings = Object.keys(refNode).filter((key) => key !== "$ref");
    if (siblings.length === 0) return target;
    for (const key of siblings) this.walkField(refNode, key, doc, path);
    const merged: Json = { ...target };
    for (const key of siblings) merged[key] = refNode[key];
    // The target's own fields may not be walked yet: the copy resolves its `$ref` fields itself.
    for (const key in merged) {
      const value = merged[key];
      if (isRef(value)) merged[key] = this.resolveSite(value as Json, doc, [...path, key]);
    }
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
          this.walk(value, this.main, where, NAME_MAPS.has(key));
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

/** An object with a `$ref` text: a Reference Object (a boolean, so narrowing leaves other objects alone). */
function isRef(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as Json).$ref === "string";
}

/** Whether `owner[key]` is a part `lazy` left for later, not resolved yet (reading it would resolve it). */
export function isLeftForLater(owner: object, key: string): boolean {
  return typeof Object.getOwnPropertyDescriptor(owner, key)?.get === "function";
}
