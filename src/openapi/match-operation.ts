import type { IndexedOperation, OperationIndex } from "./operation-index.js";
import { childTemplates, extractParams, type TrieNode, type UrlSegment } from "./path-trie.js";
import { serverUrlWithDefaults, splitServerUrl } from "./server-url.js";
import { parseToolUrl, toUrlSegments } from "./tool-url.js";

/** A URL that reaches an operation. */
export interface OperationFound {
  ok: true;
  operation: IndexedOperation;
  /** Path parameter values by the spec's names; placeholders keep their text (`:id`). */
  params: Record<string, string>;
  /** The path looked up, after the base URL and the server's base path were taken off. */
  path: string;
  /**
   * For absolute URLs: whether origin and base path are one of the spec's servers. Undefined for
   * relative URLs and `{{$vars.base_url}}/…` templates.
   */
  serverMatched: boolean | undefined;
}

/** A URL that reaches no operation, why, and the operations nearest to what was asked. */
export interface OperationNotFound {
  ok: false;
  /** `unknown-path`: no path template fits; `method-not-allowed`: the path exists, the method does not. */
  reason: "unknown-path" | "method-not-allowed";
  method: string;
  path: string;
  nearest: IndexedOperation[];
  /** The methods the matched path has (for `Allow`), in document order; none for an unknown path. */
  allowed: string[];
  /** `PUT /events is not an operation of Event Management API (did you mean PATCH /events/{id}?)` */
  message: string;
}

/** The operation a method and URL call, or why none does (with the nearest one as a suggestion). */
export type OperationMatch = OperationFound | OperationNotFound;

interface Candidate {
  path: string;
  segments: UrlSegment[];
  serverMatched: boolean | undefined;
}

/**
 * Finds the operation a method and URL reach. The URL may be concrete (`http://localhost:5566/events/3`)
 * or a tool template (`{{$vars.base_url}}/events/:id`, `/events/{id}/`); an absolute URL on one of
 * the spec's servers loses that server's base path first. The path is found first, literal segments
 * before templated ones, then its method: a method only another path has is `method-not-allowed`.
 * Walks a trie: O(path segments).
 * @example
 * const match = matchOperation(index, "PUT", "{{$vars.base_url}}/events");
 * if (!match.ok) console.log(match.message); // PUT /events is not an operation of … (did you mean PATCH /events/{id}?)
 */
export function matchOperation(index: OperationIndex, method: string, url: string): OperationMatch {
  const verb = method.toUpperCase();
  const candidates = candidatePaths(index, url);
  let firstFit: { candidate: Candidate; node: TrieNode<IndexedOperation> } | undefined;
  for (const candidate of candidates) {
    // The path first, then its method: `/pet/findByStatus` is that path even for a POST that only
    // `/pet/{petId}` has (OpenAPI: concrete paths are matched before templated ones).
    const node = index.trie.matches(candidate.segments).next().value;
    if (!node) continue;
    const operation = node.operations.get(verb);
    if (operation) {
      const params = extractParams(node, candidate.segments);
      return { ok: true, operation, params, path: candidate.path, serverMatched: candidate.serverMatched };
    }
    firstFit ??= { candidate, node };
  }
  if (firstFit) {
    const { candidate, node } = firstFit;
    const found = notFound(index, verb, candidate.path, "method-not-allowed", nearestOnPath(node, verb));
    return { ...found, allowed: [...node.operations.keys()] };
  }
  const best = candidates[0] as Candidate;
  return notFound(
    index,
    verb,
    best.path,
    "unknown-path",
    nearestBelow(index.trie.deepest(best.segments), verb),
  );
}

/** The paths to try: with a server's base path taken off first (longest first), then as written. */
function candidatePaths(index: OperationIndex, url: string): Candidate[] {
  const { origin, path } = parseToolUrl(url);
  const servers = serverBases(index);
  const onServer =
    origin !== undefined &&
    servers.some((server) => server.origin === origin && hasPrefix(path, server.basePath));
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  const add = (candidatePath: string, serverMatched: boolean | undefined) => {
    const normalized = candidatePath === "" ? "/" : candidatePath;
    if (seen.has(normalized)) return;
    seen.add(normalized);
    candidates.push({ path: normalized, segments: toUrlSegments(normalized), serverMatched });
  };
  const matched = origin === undefined ? undefined : onServer;
  for (const server of servers) {
    if (onServer && server.origin !== origin) continue;
    if (server.basePath !== "" && hasPrefix(path, server.basePath))
      add(path.slice(server.basePath.length), matched);
  }
  add(path, matched);
  return candidates;
}

type ServerBase = { origin: string | undefined; basePath: string };
const serverBaseCache = new WeakMap<OperationIndex, ServerBase[]>();

/** Origin and base path of every server the spec names, longest base path first (computed once per index). */
function serverBases(index: OperationIndex): ServerBase[] {
  const cached = serverBaseCache.get(index);
  if (cached) return cached;
  const all = [...(index.spec.document.servers ?? []), ...index.operations.flatMap((op) => op.servers)];
  const unique = new Map<string, ServerBase>();
  for (const server of all) {
    const url = serverUrlWithDefaults(server);
    if (!unique.has(url)) unique.set(url, splitServerUrl(url));
  }
  const bases = [...unique.values()].sort((a, b) => b.basePath.length - a.basePath.length);
  serverBaseCache.set(index, bases);
  return bases;
}

function hasPrefix(path: string, basePath: string): boolean {
  return basePath === "" || path === basePath || path.startsWith(`${basePath}/`);
}

const ALTERNATIVE: Record<string, string> = { PUT: "PATCH", PATCH: "PUT" };

/**
 * For a path that exists without the method: the PUT/PATCH twin on the same path, the same method
 * one `{id}` deeper (`DELETE /events` → `DELETE /events/{id}`), its twin there (`PUT /events` →
 * `PATCH /events/{id}`), else every method the path has.
 */
function nearestOnPath(node: TrieNode<IndexedOperation>, method: string): IndexedOperation[] {
  const twin = ALTERNATIVE[method];
  const children = childTemplates(node);
  const tries = [
    twin ? node.operations.get(twin) : undefined,
    ...children.map((child) => child.operations.get(method)),
    ...(twin ? children.map((child) => child.operations.get(twin)) : []),
  ];
  const found = tries.find((operation) => operation !== undefined);
  return found ? [found] : [...node.operations.values()];
}

/** For an unknown path: operations with the method at the deepest known node or one step below it. */
function nearestBelow(node: TrieNode<IndexedOperation>, method: string): IndexedOperation[] {
  if (node.depth === 0) return [];
  const nodes = [node, ...childTemplates(node)];
  return nodes.flatMap((n) => n.operations.get(method) ?? []).slice(0, 3);
}

function notFound(
  index: OperationIndex,
  method: string,
  path: string,
  reason: OperationNotFound["reason"],
  nearest: IndexedOperation[],
): OperationNotFound {
  const hint =
    nearest.length > 0 ? ` (did you mean ${orList(nearest.map((op) => `${op.method} ${op.path}`))}?)` : "";
  const message = `${method} ${path} is not an operation of ${index.title}${hint}`;
  return { ok: false, reason, method, path, nearest, allowed: [], message };
}

function orList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
