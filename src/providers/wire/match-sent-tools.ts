/** Which given tool each tool of a request is sent for, and which given tools the request leaves out. */
export interface SentToolMatch {
  /** For each sent tool, the index of the given tool it is; undefined for one that answers to none. */
  given: (number | undefined)[];
  /** The indexes of the given tools no sent tool is, in order. */
  dropped: number[];
}

/**
 * Matches a request's tools to the tools given by name: each sent tool is the first given tool of its
 * name not yet matched (two of one name pair in order). A client that renames tools leaves sent tools
 * and given tools unmatched: when they are as many they are paired in order (a rename keeps the
 * place), else the sent ones answer to none and the given ones are left out. Never by index alone: a
 * client that drops one tool would otherwise pin every later tool's finding on its neighbour.
 * @example
 * matchSentTools(["a", "b", "c"], ["a", "c"]); // { given: [0, 2], dropped: [1] }
 */
export function matchSentTools(given: readonly string[], sent: readonly string[]): SentToolMatch {
  const byName = new Map<string, number[]>();
  given.forEach((name, index) => {
    const indexes = byName.get(name);
    if (indexes) indexes.push(index);
    else byName.set(name, [index]);
  });
  const matched: (number | undefined)[] = sent.map((name) => byName.get(name)?.shift());
  const taken = new Set(matched);
  const unmatchedGiven = given.map((_, index) => index).filter((index) => !taken.has(index));
  const unmatchedSent = matched.flatMap((index, at) => (index === undefined ? [at] : []));
  if (unmatchedSent.length > 0 && unmatchedSent.length === unmatchedGiven.length) {
    unmatchedSent.forEach((at, i) => {
      matched[at] = unmatchedGiven[i];
    });
    return { given: matched, dropped: [] };
  }
  return { given: matched, dropped: unmatchedGiven };
}
