import { isValueSegment } from "./segment-kind.js";

/** One recorded path, and the top-level field names of its JSON answer (they tell values from names). */
export interface PathSample {
  path: string;
  answerKeys: readonly string[];
}

/** A recorded path as its template: `/events/{id}`, and the value of each of its parameters. */
export interface TemplatedPath {
  template: string;
  /** Parameter names and values in path order: `[["id", "7"]]`. */
  params: [name: string, value: string][];
}

interface PathNode {
  literals: Map<string, PathNode>;
  param: PathNode | undefined;
  /** Recorded paths through this node. */
  count: number;
  /** Top-level answer field names of the paths that end here. */
  keys: Set<string>;
}

/** A word seen at most this often (anywhere) is rare: a value, or too little seen to tell. */
const RARE = 2;
/** So many alike words at one place make a parameter of them, however often each is seen. */
const ALIKE_VALUES = 3;
/** How much of a word's signature a group's must hold for the word to be one of its values. */
const CONTAINED = 0.5;
/** Names collected for a signature, at most: a place's likeness shows long before. */
const SIGNATURE_SIZE = 500;

/**
 * Templates for recorded paths: segments that are values become `{param}`s. A segment is a value by its
 * spelling (`isValueSegment`: numbers, UUIDs, digests, dates, tokens) or by where it leads: words at one
 * place that lead to alike places (the same sub-paths, or answers with the same fields) are values of
 * one parameter (`/users/alice`, `/users/bob`, `/users/carol` → `/users/{userId}`;
 * `/repos/octocat/…/issues`, `/repos/torvalds/…/issues` → `/repos/{repoId}/…`), while words that lead to
 * different places stay names (`/emojis` beside `/meta`, `/gists/public` beside `/gists/{gistId}`), as do
 * words followed by values (`/users/7`, `/commits/9f3c…`: collections, see `leadsToValues`). A
 * parameter is named after the name before it (`/owners/{ownerId}/pets/{petId}`), else `param2`….
 * @example
 * const templated = generalisePaths([{ path: "/events/1", answerKeys: ["id"] }]);
 * templated("/events/1"); // { template: "/events/{eventId}", params: [["eventId", "1"]] }
 */
export function generalisePaths(samples: readonly PathSample[]): (path: string) => TemplatedPath {
  const root = newNode();
  const seen: SegmentsSeen = { frequency: new Map(), after: new Map() };
  for (const sample of samples) {
    const segments = splitPath(sample.path);
    insert(root, segments, sample.answerKeys);
    count(seen, segments);
  }
  collapse(root, seen);
  return (path) => templateOf(root, splitPath(path));
}

function newNode(): PathNode {
  return { literals: new Map(), param: undefined, count: 0, keys: new Set() };
}

/** `/a/b/` → `["a", "b"]`: a trailing slash is no segment of its own. */
export function splitPath(path: string): string[] {
  const segments = path.split("/").slice(1);
  if (segments.length > 0 && segments.at(-1) === "") segments.pop();
  return segments;
}

function insert(root: PathNode, segments: readonly string[], keys: readonly string[]): void {
  let node = root;
  node.count++;
  for (const segment of segments) {
    const next = isValueSegment(decodeSegment(segment)) ? paramOf(node) : childFor(node.literals, segment);
    next.count++;
    node = next;
  }
  for (const key of keys) node.keys.add(key);
}

function paramOf(node: PathNode): PathNode {
  if (!node.param) node.param = newNode();
  return node.param;
}

function childFor(literals: Map<string, PathNode>, segment: string): PathNode {
  let child = literals.get(segment);
  if (!child) {
    child = newNode();
    literals.set(segment, child);
  }
  return child;
}

/**
 * How each segment was seen, anywhere: how often (words seen often are names, in signatures), and after
 * which segments (up to `NAME_AFTER`; a word that follows many different segments is a name: `issues`
 * after every repository, where a value follows one name: `octocat` after `repos`).
 */
interface SegmentsSeen {
  frequency: Map<string, number>;
  after: Map<string, Set<string>>;
}

/** A word seen after so many different segments is a name. */
const NAME_AFTER = 3;

function count(seen: SegmentsSeen, segments: readonly string[]): void {
  segments.forEach((segment, i) => {
    seen.frequency.set(segment, (seen.frequency.get(segment) ?? 0) + 1);
    let before = seen.after.get(segment);
    if (!before) {
      before = new Set();
      seen.after.set(segment, before);
    }
    if (before.size < NAME_AFTER) before.add(segments[i - 1] ?? "");
  });
}

type Word = { segment: string; child: PathNode; signature: Set<string> };
type Group = { words: Word[]; signature: Set<string>; hasParam: boolean };

/**
 * Words that lead to alike places are values of one parameter: they join the parameter already at
 * their place (a word alike to the ids beside it), or form one when there are three of them, or two
 * rare ones. Then the same below, each parameter's places merged first.
 */
function collapse(node: PathNode, seen: SegmentsSeen): void {
  const words = [...node.literals]
    .filter(([segment]) => (seen.after.get(segment)?.size ?? 0) < NAME_AFTER)
    .filter(([, child]) => !leadsToValues(child))
    .map(([segment, child]): Word => ({ segment, child, signature: signatureOf(child, seen.frequency) }));
  const joining = parameterGroup(words, node.param && signatureOf(node.param, seen.frequency));
  for (const { segment, child } of joining) {
    node.literals.delete(segment);
    node.param = node.param ? merge(node.param, child) : child;
  }
  for (const child of node.literals.values()) collapse(child, seen);
  if (node.param) collapse(node.param, seen);
}

/**
 * Whether a word is a collection's name by what follows it: most of its paths go on with a value by its
 * spelling (`/users/7`, `/commits/9f3c…`). A value is followed by names (`/repos/octocat/issues`), so
 * `/users/{id}`, `/files/{id}/download` and `/commits/{sha}` stay three prefixes, however alike their
 * answers, instead of one `/{id}/{param2}`.
 */
function leadsToValues(child: PathNode): boolean {
  return child.param !== undefined && child.param.count * 2 >= child.count;
}

/**
 * The words that are values of this place's parameter: groups grow from the widest signatures down (a
 * word joins the first group holding most of its signature), the parameter's own places seeding the
 * first. The group with the parameter, else the largest group that is enough to make one.
 */
function parameterGroup(words: readonly Word[], param: Set<string> | undefined): Word[] {
  const groups: Group[] = param ? [{ words: [], signature: new Set(param), hasParam: true }] : [];
  // A word seen often that leads to nothing to compare (`/user/logout`, answered with no body) is a name.
  const comparable = words.filter((word) => word.signature.size > 0 || word.child.count <= RARE);
  const widestFirst = comparable.sort((a, b) => b.signature.size - a.signature.size);
  for (const word of widestFirst) {
    const group = groups.find((candidate) => fits(word, candidate));
    if (!group) {
      groups.push({ words: [word], signature: new Set(word.signature), hasParam: false });
      continue;
    }
    group.words.push(word);
    for (const name of word.signature) group.signature.add(name);
  }
  const withParam = groups.find((group) => group.hasParam);
  if (withParam) return withParam.words;
  const largest = groups.reduce<Word[]>(
    (best, group) => (group.words.length > best.length ? group.words : best),
    [],
  );
  const rare = largest.every((word) => word.child.count <= RARE);
  return largest.length >= ALIKE_VALUES || (largest.length === 2 && rare) ? largest : [];
}

/**
 * Whether a word is one of a group's values: most of its signature is the group's; a word with no
 * signature (its paths answered nothing to compare) fits a group of such words, or a parameter when rare.
 */
function fits(word: Word, group: Group): boolean {
  if (word.signature.size === 0) {
    return group.signature.size === 0 || (group.hasParam && word.child.count <= RARE);
  }
  let held = 0;
  for (const name of word.signature) if (group.signature.has(name)) held++;
  return held / word.signature.size >= CONTAINED;
}

/**
 * What a place looks like from below: the names under it (any depth; rare words, likely values
 * themselves, left out), `{}` where a parameter is, and the field names of the answers of paths ending
 * there and below (`=login`). Values of one parameter lead to the same sub-paths
 * (`/repos/{owner}/…/issues`) or the same kind of answer; names of different resources do not.
 */
function signatureOf(node: PathNode, frequency: ReadonlyMap<string, number>): Set<string> {
  const signature = new Set<string>();
  const visit = (place: PathNode) => {
    if (signature.size >= SIGNATURE_SIZE) return;
    for (const key of place.keys) signature.add(`=${key}`);
    for (const [segment, child] of place.literals) {
      if ((frequency.get(segment) ?? 0) > RARE) signature.add(segment);
      visit(child);
    }
    if (place.param) {
      signature.add("{}");
      visit(place.param);
    }
  };
  visit(node);
  return signature;
}

/** `source`'s paths added to `target`'s, place by place. */
function merge(target: PathNode, source: PathNode): PathNode {
  target.count += source.count;
  for (const key of source.keys) target.keys.add(key);
  for (const [segment, child] of source.literals) {
    const existing = target.literals.get(segment);
    target.literals.set(segment, existing ? merge(existing, child) : child);
  }
  if (source.param) target.param = target.param ? merge(target.param, source.param) : source.param;
  return target;
}

function templateOf(root: PathNode, segments: readonly string[]): TemplatedPath {
  const parts: ({ literal: string } | { value: string })[] = [];
  let node: PathNode | undefined = root;
  for (const segment of segments) {
    const literal: PathNode | undefined = node?.literals.get(segment);
    if (literal) parts.push({ literal: segment });
    else parts.push({ value: decodeSegment(segment) });
    node = literal ?? node?.param;
  }
  const params: [string, string][] = [];
  const taken = new Set<string>();
  const written = parts.map((part, index) => {
    if ("literal" in part) return part.literal;
    const name = unique(paramName(parts[index - 1], params.length), taken);
    params.push([name, part.value]);
    return `{${name}}`;
  });
  return { template: `/${written.join("/")}`, params };
}

function paramName(before: { literal: string } | { value: string } | undefined, index: number) {
  if (before === undefined) return "id";
  if ("literal" in before && /^[A-Za-z][A-Za-z0-9_-]*$/.test(before.literal))
    return `${camel(singular(before.literal))}Id`;
  return `param${index + 1}`;
}

function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}${n}`;
  taken.add(candidate);
  return candidate;
}

function singular(word: string): string {
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/[^s]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

function camel(word: string): string {
  return word.replace(/[-_]+([A-Za-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
