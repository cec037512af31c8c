import { compileSegment, matchMixed, type TemplateSegment } from "./template-segment.js";

/** One segment of a URL being matched: a concrete value, or a placeholder (`:id`, `{id}`, `{{…}}`). */
export type UrlSegment = { kind: "literal"; value: string } | { kind: "placeholder"; raw: string };

/** What a trie holds at a template's end: anything with a method (an indexed operation). */
export interface HasMethod {
  method: string;
}

/** A trie node; a node where a template ends holds that template and its operations by method. */
export interface TrieNode<T extends HasMethod = HasMethod> {
  literals: Map<string, TrieNode<T>>;
  param: TrieNode<T> | undefined;
  /** Mixed segments (`{name}.{ext}`), by their literals joined as `key`. */
  patterns: { segment: Extract<TemplateSegment, { kind: "mixed" }>; key: string; node: TrieNode<T> }[];
  template: string | undefined;
  segments: TemplateSegment[];
  operations: Map<string, T>;
  depth: number;
}

function createNode<T extends HasMethod>(depth: number): TrieNode<T> {
  return {
    literals: new Map(),
    param: undefined,
    patterns: [],
    template: undefined,
    segments: [],
    operations: new Map(),
    depth,
  };
}

/** The segments of a path, empty ones dropped: `/events/{id}/` → `events`, `{id}`. */
export function splitPath(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

/**
 * A trie over path templates: matching walks one node per URL segment instead of testing every path.
 * Templates are compiled on the first match, so indexing a spec only to build its tools stays cheap.
 */
export class PathTrie<T extends HasMethod> {
  private readonly built = createNode<T>(0);
  private pending: [string, T][] = [];

  add(template: string, operation: T): void {
    this.pending.push([template, operation]);
  }

  get root(): TrieNode<T> {
    for (const [template, operation] of this.pending) this.insert(template, operation);
    this.pending = [];
    return this.built;
  }

  private insert(template: string, operation: T): void {
    const segments = splitPath(template).map(compileSegment);
    let node = this.built;
    for (const segment of segments) node = this.child(node, segment);
    node.template ??= template;
    node.segments = segments;
    if (!node.operations.has(operation.method)) node.operations.set(operation.method, operation);
  }

  private child(node: TrieNode<T>, segment: TemplateSegment): TrieNode<T> {
    if (segment.kind === "literal") {
      const existing = node.literals.get(segment.value);
      if (existing) return existing;
      const next = createNode<T>(node.depth + 1);
      node.literals.set(segment.value, next);
      return next;
    }
    if (segment.kind === "param") {
      node.param ??= createNode<T>(node.depth + 1);
      return node.param;
    }
    // `{a}.{b}` and `{x}.{y}` are one segment: only the literals tell mixed segments apart.
    const key = JSON.stringify(segment.literals);
    const existing = node.patterns.find((entry) => entry.key === key);
    if (existing) return existing.node;
    const next = createNode<T>(node.depth + 1);
    node.patterns.push({ segment, key, node: next });
    return next;
  }

  /**
   * Every template node the segments reach, best first: a literal beats a `{param}`, which beats a
   * mixed segment, as OpenAPI asks of concrete paths. Placeholders match only parameters.
   */
  *matches(
    segments: readonly UrlSegment[],
    node: TrieNode<T> = this.root,
    index = 0,
  ): Generator<TrieNode<T>> {
    if (index === segments.length) {
      if (node.template !== undefined) yield node;
      return;
    }
    const segment = segments[index] as UrlSegment;
    if (segment.kind === "literal") {
      const literal = node.literals.get(segment.value);
      if (literal) yield* this.matches(segments, literal, index + 1);
    }
    if (node.param) yield* this.matches(segments, node.param, index + 1);
    for (const pattern of node.patterns) {
      if (segment.kind === "placeholder" || matchMixed(pattern.segment, segment.value)) {
        yield* this.matches(segments, pattern.node, index + 1);
      }
    }
  }

  /** The deepest node the segments reach along literals and parameters (for "nearest" hints). */
  deepest(segments: readonly UrlSegment[]): TrieNode<T> {
    let node = this.root;
    for (const segment of segments) {
      const next = (segment.kind === "literal" ? node.literals.get(segment.value) : undefined) ?? node.param;
      if (!next) break;
      node = next;
    }
    return node;
  }
}

/** The parameter values of a matched URL, by the names of the template it matched. */
export function extractParams(node: TrieNode, segments: readonly UrlSegment[]): Record<string, string> {
  const params: Record<string, string> = {};
  node.segments.forEach((template, index) => {
    const segment = segments[index];
    if (!segment || template.kind === "literal") return;
    const value = segment.kind === "literal" ? segment.value : segment.raw;
    if (template.kind === "param") {
      params[template.name] = value;
      return;
    }
    const values = segment.kind === "literal" ? matchMixed(template, value) : undefined;
    template.names.forEach((name, i) => {
      params[name] = values?.[i] ?? value;
    });
  });
  return params;
}

/** Template nodes one step below `node` (its literal, `{param}` and mixed children). */
export function childTemplates<T extends HasMethod>(node: TrieNode<T>): TrieNode<T>[] {
  const children = [
    ...(node.param ? [node.param] : []),
    ...node.literals.values(),
    ...node.patterns.map((p) => p.node),
  ];
  return children.filter((child) => child.template !== undefined);
}
