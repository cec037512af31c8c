import { ToolDeckError } from "../errors.js";
import { isPlainObject } from "../json-value.js";
import { getAtPointer, parsePointer, toPointer } from "./json-pointer.js";
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
}

type Json = Record<string, unknown>;

/** Keys whose values are data, not OpenAPI: a `$ref` inside an example or a default is just text. */
const LITERAL_KEYS = new Set(["example", "default", "enum", "const"]);

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

type Walk = (node: unknown, doc: RefDocument, path: (string | number)[]) => unknown;

interface Lookup {
  target: unknown;
  targetDoc: RefDocument;
  targetPath: string[];
}

/**
 * Calls `visit` for every `"$ref": "…"` string in `root`, with where it is; each object is seen once.
 * Iterative, so deep documents cannot overflow the stack; a path is built only for a reference.
 */
export function forEachRef(root: unknown, visit: (ref: string, path: readonly (string | number)[]) => void) {
  type Step = { node: object; parent: Step | undefined; key: string };
  const seen = new Set<object>();
  const stack: Step[] =
    typeof root === "object" && root !== null ? [{ node: root, parent: undefined, key: "" }] : [];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const ref = (step.node as Json).$ref;
    if (typeof ref === "string") visit(ref, pathOf(step));
    for (const [key, value] of Object.entries(step.node)) {
      if (typeof value !== "object" || value === null || seen.has(value)) continue;
      seen.add(value);
      stack.push({ node: value, parent: step, key });
    }
  }
  function pathOf(step: Step): string[] {
    const path: string[] = [];
    for (let at: Step | undefined = step; at?.parent; at = at.parent) path.unshift(at.key);
    return path;
  }
}

/**
 * Replaces every `$ref` object in `main.root` (in place) by the object it points at, across the
 * already-loaded `documents` (keyed by `locationKey`). Targets are shared, not copied, so the result
 * is a graph: a recursive schema becomes a cycle instead of an endless expansion.
 */
export function resolveRefs(main: RefDocument, documents: Map<string, RefDocument>, options: ResolveOptions) {
  const resolver = new RefResolver(documents, options);
  return resolver.resolveNode(main.root, main, []);
}

class RefResolver {
  private readonly resolved = new Map<object, unknown>();
  private readonly visited = new WeakSet<object>();
  private readonly lookups = new Map<RefDocument, Map<string, Lookup>>();

  constructor(
    private readonly documents: Map<string, RefDocument>,
    private readonly options: ResolveOptions,
  ) {}

  private readonly walkNode: Walk = (node, doc, path) => this.resolveNode(node, doc, path);

  /** `names`: the node is a map keyed by user names (`properties`, `schemas`, …), not by keywords. */
  resolveNode(node: unknown, doc: RefDocument, path: (string | number)[], names = false): unknown {
    if (typeof node !== "object" || node === null) return node;
    if (typeof (node as Json).$ref === "string") return this.resolveRef(node as Json, doc, path);
    if (this.visited.has(node)) return node;
    this.visited.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) this.resolveChild(node, i, doc, path);
    } else {
      for (const key in node) {
        if (names) this.resolveChild(node as Json, key, doc, path);
        else if (key === "examples") this.resolveExamples(node as Json, doc, path);
        else if (!LITERAL_KEYS.has(key)) this.resolveChild(node as Json, key, doc, path, NAME_MAPS.has(key));
      }
    }
    return node;
  }

  /**
   * `examples` is a map of Example Objects (which may be `$ref`s) whose `value` is literal data, or,
   * in a 3.1 schema, an array of literal values: neither holds references to follow.
   */
  private resolveExamples(owner: Json, doc: RefDocument, path: (string | number)[]) {
    const examples = owner.examples;
    if (typeof examples !== "object" || examples === null || Array.isArray(examples)) return;
    path.push("examples");
    for (const name in examples) {
      const entry = (examples as Json)[name];
      if (!isPlainObject(entry)) continue;
      path.push(name);
      const resolved =
        typeof entry.$ref === "string"
          ? this.resolveRef(entry, doc, path, (target, at, where) => this.resolveExample(target, at, where))
          : this.resolveExample(entry, doc, path);
      if (resolved !== entry) (examples as Json)[name] = resolved;
      path.pop();
    }
    path.pop();
  }

  private resolveExample(example: unknown, doc: RefDocument, path: (string | number)[]): unknown {
    if (!isPlainObject(example) || this.visited.has(example)) return example;
    this.visited.add(example);
    for (const key in example) if (key !== "value") this.resolveChild(example, key, doc, path);
    return example;
  }

  /** Resolves one child in place; written back only when it changed (a store costs more than a read). */
  private resolveChild(
    parent: Json | unknown[],
    key: string | number,
    doc: RefDocument,
    path: (string | number)[],
    names = false,
  ) {
    const value = (parent as Json)[key];
    if (typeof value !== "object" || value === null) return;
    path.push(key);
    const resolved = this.resolveNode(value, doc, path, names);
    path.pop();
    if (resolved !== value) (parent as Json)[key] = resolved;
  }

  private resolveRef(
    refNode: Json,
    doc: RefDocument,
    path: (string | number)[],
    walk: Walk = this.walkNode,
  ): unknown {
    const done = this.resolved.get(refNode);
    if (done !== undefined) return done;
    const { chain, final } = this.followChain(refNode, doc, path);
    for (const node of chain) this.resolved.set(node, final.target);
    const target = final.target;
    if (final.walk && !(typeof target === "object" && target !== null && this.visited.has(target))) {
      walk(target, final.doc, [...final.path]);
    }
    if (!this.options.keepRefSiblings) return target;
    const siblings = Object.keys(refNode).filter((key) => key !== "$ref");
    if (siblings.length === 0 || !isPlainObject(target)) return target;
    const merged = this.merge(target, refNode, siblings, final.doc, [...final.path]);
    this.resolved.set(refNode, merged);
    return merged;
  }

  /**
   * Follows `$ref` → `$ref` → … to the first object that is not a reference, without walking any of
   * them, so `A: {$ref: B}` with B pointing back at A resolves to B instead of looking circular.
   */
  private followChain(refNode: Json, doc: RefDocument, path: (string | number)[]) {
    const chain: Json[] = [];
    let current = { node: refNode, doc, path };
    for (;;) {
      const done = this.resolved.get(current.node);
      if (done !== undefined) return { chain, final: { target: done, doc, path, walk: false } };
      if (chain.includes(current.node)) {
        throw this.error(doc, path, `$ref "${String(refNode.$ref)}" is a circular chain of $refs`);
      }
      chain.push(current.node);
      const { target, targetDoc, targetPath } = this.lookup(
        String(current.node.$ref),
        current.doc,
        current.path,
      );
      if (!isPlainObject(target) || typeof target.$ref !== "string") {
        return { chain, final: { target, doc: targetDoc, path: targetPath, walk: true } };
      }
      current = { node: target, doc: targetDoc, path: targetPath };
    }
  }

  private merge(
    target: Json,
    refNode: Json,
    siblings: string[],
    doc: RefDocument,
    path: (string | number)[],
  ) {
    const merged: Json = { ...target };
    for (const key of siblings) merged[key] = refNode[key];
    return this.resolveNode(merged, doc, path);
  }

  /** The same `$ref` text in the same document always names the same node: look it up once. */
  private lookup(ref: string, doc: RefDocument, path: (string | number)[]): Lookup {
    const cache = this.lookups.get(doc) ?? new Map<string, Lookup>();
    this.lookups.set(doc, cache);
    const cached = cache.get(ref);
    if (cached) return cached;
    const found = this.lookupUncached(ref, doc, path);
    cache.set(ref, found);
    return found;
  }

  private lookupUncached(ref: string, doc: RefDocument, path: (string | number)[]): Lookup {
    const hash = ref.indexOf("#");
    const file = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash);
    const targetDoc = file === "" ? doc : this.documentFor(file, doc, path);
    const tokens = parsePointer(fragment);
    if (!tokens) throw this.error(doc, path, `$ref "${ref}" is not a JSON pointer`);
    const target = getAtPointer(targetDoc.root, tokens);
    if (target === undefined) throw this.error(doc, path, `$ref "${ref}" does not resolve`);
    return { target, targetDoc, targetPath: tokens };
  }

  private documentFor(file: string, doc: RefDocument, path: (string | number)[]): RefDocument {
    const location = relativeLocation(doc.location, file);
    const found = location && this.documents.get(locationKey(location));
    if (!found) throw this.error(doc, path, `$ref "${file}" points at a document that was not loaded`);
    return found;
  }

  private error(doc: RefDocument, path: readonly (string | number)[], message: string): ToolDeckError {
    return new ToolDeckError("load", `${doc.label}${toPointer(path)}: ${message}`);
  }
}
