import { decodeHtmlEntities } from "../../../config/html-entities.js";

/** How a conversion runs: `escape: false` is Turndown with its escaping turned off (`escape = (s) => s`). */
export interface HtmlToTextOptions {
  escape?: boolean;
}

/**
 * Flowise passes URL, Headers and Body Schema values through Turndown (HTML → Markdown) before use, then
 * un-escapes `\_`, `\[` and `\]`. This reproduces what that does to the values users type: tags dropped,
 * paragraphs split by a blank line, entities decoded, whitespace collapsed, Markdown characters escaped.
 * Markdown constructs are not rendered, their text is kept plain (Turndown writes `<a href="u">t</a>` as
 * `[t](u)`, `<b>` as `**`, lists and headings as Markdown); they do not occur in the values Flowise's
 * editors store for URLs, headers and schemas. Checked against Turndown 7 on the plain-text cases.
 * In an Agentflow V2 flow Flowise turns Turndown's escaping off (`escape: false`): `a_b*c` stays as typed.
 */
export function flowiseHtmlToText(input: string, options: HtmlToTextOptions = {}): string {
  const escaping = options.escape ?? true;
  const blocks = splitBlocks(input)
    .map((block) => renderBlock(block, escaping))
    .filter((block) => block !== "");
  return blocks.join("\n\n").replace(/\\([_[\]])/g, "$1");
}

type Inline = { text: string } | { lineBreak: true };

const TAG = /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9-]*)(?:\s[^>]*)?\/?>/g;
const BLOCK_TAGS = new Set(
  "p div h1 h2 h3 h4 h5 h6 ul ol li blockquote pre table tr section article header footer".split(" "),
);

function splitBlocks(input: string): Inline[][] {
  const blocks: Inline[][] = [[]];
  const current = (): Inline[] => blocks[blocks.length - 1] as Inline[];
  let last = 0;
  for (const match of input.matchAll(TAG)) {
    current().push({ text: decodeHtmlEntities(input.slice(last, match.index)) });
    last = match.index + match[0].length;
    const tag = match[1]?.toLowerCase();
    if (tag === "br") current().push({ lineBreak: true });
    else if (tag && BLOCK_TAGS.has(tag)) blocks.push([]);
  }
  current().push({ text: decodeHtmlEntities(input.slice(last)) });
  return blocks;
}

/** Collapses whitespace across the block's text nodes (as a browser would), escapes each node, joins. */
function renderBlock(block: Inline[], escaping: boolean): string {
  const parts: string[] = [];
  let atLineStart = true;
  for (const item of block) {
    if ("lineBreak" in item) {
      trimTrailingSpace(parts);
      parts.push("  \n");
      atLineStart = true;
      continue;
    }
    let text = item.text.replace(/[ \t\r\n]+/g, " ");
    if (atLineStart) text = text.replace(/^ /, "");
    if (text === "") continue;
    parts.push(escaping ? escapeMarkdown(text) : text);
    atLineStart = text.endsWith(" ");
  }
  trimTrailingSpace(parts);
  return parts.join("").replace(/^\s*\n|\n\s*$/g, "");
}

function trimTrailingSpace(parts: string[]): void {
  const lastIndex = parts.length - 1;
  const last = parts[lastIndex];
  if (last !== undefined && last !== "  \n") parts[lastIndex] = last.replace(/ $/, "");
}

/** Turndown's escapes, applied to each text node (`^` is the start of the node). */
const MARKDOWN_ESCAPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\\/g, "\\\\"],
  [/\*/g, "\\*"],
  [/^-/g, "\\-"],
  [/^\+ /g, "\\+ "],
  [/^(=+)/g, "\\$1"],
  [/^(#{1,6}) /g, "\\$1 "],
  [/`/g, "\\`"],
  [/^~~~/g, "\\~~~"],
  [/\[/g, "\\["],
  [/\]/g, "\\]"],
  [/^>/g, "\\>"],
  [/_/g, "\\_"],
  [/^(\d+)\. /g, "$1\\. "],
];

function escapeMarkdown(text: string): string {
  return MARKDOWN_ESCAPES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}
