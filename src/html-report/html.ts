import { showControlCharacters } from "../text/safe-text.js";

/** Markup made by `html` (or the page's own constants): the only text written into a page unescaped. */
export class SafeHtml {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

/** What a template may hold: markup, text (escaped), or a list of them; `undefined`, `null` and `false` write nothing. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text from input (a tool's description, a server's answer, a finding) as page text or a quoted attribute
 * value: markup characters escaped, so `<script>` and `<img onerror>` read as text, and control and
 * reordering characters shown as `\u202e`, so a name cannot read backwards.
 */
export function escapeHtml(text: string): string {
  return showControlCharacters(text).replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
}

/**
 * A template of markup: every value is escaped unless it is `SafeHtml`, so input can only become text.
 * Attribute values must be quoted (`class="${x}"`).
 * @example
 * html`<li class="finding">${diagnostic.message}</li>`; // a message with <script> shows as text
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let markup = strings[0] ?? "";
  for (const [index, value] of values.entries()) markup += toMarkup(value) + (strings[index + 1] ?? "");
  return new SafeHtml(markup);
}

/** Values joined as markup, each escaped unless it is `SafeHtml`. */
export function joinHtml(values: readonly HtmlValue[], separator = ""): SafeHtml {
  return new SafeHtml(values.map(toMarkup).join(separator));
}

function toMarkup(value: HtmlValue): string {
  if (value === undefined || value === null || value === false) return "";
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(toMarkup).join("");
  return escapeHtml(String(value));
}
