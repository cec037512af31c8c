import { isDeepStrictEqual } from "node:util";
import { CST, type Document, isScalar, parseDocument } from "yaml";
import { toKeys } from "../config/json-path.js";
import type { ConfigChange } from "./diagnostic.js";

/**
 * The file's text with each change written over the scalar it replaces, through yaml's concrete syntax
 * tree: everything else stays byte for byte (the spaces before a comment, which yaml's printer
 * normalises, included), and each scalar keeps its quoting. Undefined when a change is not a string set
 * over a scalar (a key removed or added), or when the spliced text would not read as `expected` (a
 * block scalar re-indented): the caller prints the edited document instead.
 * @param document the file parsed with `keepSourceTokens`, before the changes
 * @param expected what the file holds once the changes are applied (the edited document's `toJS()`)
 */
export function spliceYamlScalars(
  text: string,
  document: Document,
  changes: readonly ConfigChange[],
  expected: unknown,
): string | undefined {
  const splices: { at: number; length: number; text: string }[] = [];
  for (const change of changes) {
    const node = change.renameTo === undefined ? document.getIn(toKeys(change.path), true) : undefined;
    const token = isScalar(node) ? node.srcToken : undefined;
    const at = isScalar(node) ? node.range?.[0] : undefined;
    if (!token || at === undefined || typeof change.value !== "string" || splices.some((s) => s.at === at))
      return undefined;
    const before = CST.stringify(token);
    CST.setScalarValue(token, change.value);
    splices.push({ at, length: before.length, text: CST.stringify(token) });
  }
  let spliced = text;
  for (const { at, length, text: written } of splices.sort((a, b) => b.at - a.at))
    spliced = `${spliced.slice(0, at)}${written}${spliced.slice(at + length)}`;
  const reread = parseDocument(spliced);
  return reread.errors.length === 0 && isDeepStrictEqual(reread.toJS(), expected) ? spliced : undefined;
}
