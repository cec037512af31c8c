import { type SecretSpelling, secretSpellings } from "./secret-spellings.js";

/** A secret value, and what stands in for it (`***` in what tooldeck prints, `{{$vars.x}}` in cassettes). */
export interface MaskedSecret {
  value: string;
  replacement: string;
}

/** Replaces every secret in a text; returns the text itself when there is none. */
export type SecretMasker = (text: string) => string;

/** How a masker looks: default every spelling, cut copies included. */
export interface MaskerOptions {
  /** Hide a copy cut short too; default true. */
  cutCopies?: boolean;
  /** The spellings to hide; default `secretSpellings` (all of them, ~10 ms a value to work out). */
  spellings?: (value: string) => SecretSpelling[];
}

interface TrieNode {
  next: Map<string, TrieNode>;
  /** A whole spelling ends here: its replacement. */
  whole?: string;
  /** A copy cut here (4+ characters of a spelling, past a URL's scheme) is hidden too: its replacement. */
  cut?: string;
}

/**
 * Hides secrets in every spelling a report can carry them (src/secrets/secret-spellings.ts), and a
 * copy cut short (an output cut by `maxOutputLength`, a line cut by a formatter): 4 or more leading
 * characters of a spelling that end where the text stops matching it, before anything but a letter
 * or a digit (`token` is hidden in `token"` and `token\n`, not in `tokenizer`). The longest match at
 * each place wins, so no secret's tail survives a shorter one's replacement. With `cutCopies: false`
 * only whole spellings are hidden (a recorded file, where a secret's prefix is ordinary text: `admin`
 * of `admin123`).
 * @example
 * const mask = createSecretMasker([{ value: "wJalrXUt/K7MDENG+bPxRfi=CYEX", replacement: "***" }]);
 * mask("GET /s?q=wJalrXUt%2FK7MDENG%2BbPxRfi%3DCYEX"); // "GET /s?q=***"
 */
export function createSecretMasker(
  secrets: readonly MaskedSecret[],
  options: MaskerOptions = {},
): SecretMasker {
  const root = buildTrie(secrets, options.cutCopies ?? true, options.spellings ?? secretSpellings);
  if (root.next.size === 0) return (text) => text;
  return (text) => {
    let masked = "";
    let kept = 0;
    let at = 0;
    while (at < text.length) {
      const match = root.next.has(text[at] as string) ? longestMatch(root, text, at) : undefined;
      if (!match) {
        at++;
        continue;
      }
      masked += text.slice(kept, at) + match.replacement;
      at += match.length;
      kept = at;
    }
    return kept === 0 ? text : masked + text.slice(kept);
  };
}

/** Every spelling of every secret, longest secrets first so that a shared prefix names the longer one. */
function buildTrie(
  secrets: readonly MaskedSecret[],
  cutCopies: boolean,
  spellings: (value: string) => SecretSpelling[],
): TrieNode {
  const root: TrieNode = { next: new Map() };
  const longestFirst = [...secrets].sort((a, b) => b.value.length - a.value.length);
  for (const { value, replacement } of longestFirst)
    for (const { text, minPrefix } of spellings(value)) {
      let node = root;
      for (let depth = 1; depth <= text.length; depth++) {
        const character = text[depth - 1] as string;
        let child = node.next.get(character);
        if (!child) {
          child = { next: new Map() };
          node.next.set(character, child);
        }
        node = child;
        if (cutCopies && depth >= minPrefix) node.cut ??= replacement;
      }
      node.whole ??= replacement;
    }
  return root;
}

function longestMatch(
  root: TrieNode,
  text: string,
  start: number,
): { length: number; replacement: string } | undefined {
  let node = root;
  let depth = 0;
  let whole: { length: number; replacement: string } | undefined;
  for (let at = start; at < text.length; at++) {
    const child = node.next.get(text[at] as string);
    if (!child) break;
    node = child;
    depth++;
    if (node.whole !== undefined) whole = { length: depth, replacement: node.whole };
  }
  const cutHere = node.cut !== undefined && depth > (whole?.length ?? 0);
  if (cutHere && !WORD_CHARACTER.test(text[start + depth] ?? ""))
    return { length: depth, replacement: node.cut as string };
  return whole;
}

/** What continues a word: a copy followed by one is another word that starts alike, not a cut secret. */
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;
