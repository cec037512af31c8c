/**
 * Dify's variable references in text fields (reference/dify-tools.md fact 9): `{{#<node id>.<name>#}}`,
 * the node id 1–50 of `[a-zA-Z0-9_]`, then 1–10 segments of `[a-zA-Z_][a-zA-Z0-9_]{0,29}`;
 * `sys.*`, `env.*` and `conversation.*` take the same form. Anything else (a space, a `-`, a segment
 * starting with a digit) is plain text, sent as written.
 */
const REFERENCE = /\{\{#([a-zA-Z0-9_]{1,50}(?:\.[a-zA-Z_][a-zA-Z0-9_]{0,29}){1,10})#\}\}/g;

/** A piece of a template: literal text, or a reference to a variable by its selector (`start.id`). */
export type TemplatePart = { text: string } | { selector: string; start: number; end: number };

/**
 * A template split into text and references, in order (Dify splits on the pattern the same way, fact 22).
 * @example
 * templateParts("{{#env.base#}}/events/{{#start.id#}}");
 * // [{selector: "env.base", start: 0, end: 14}, {text: "/events/"}, {selector: "start.id", start: 22, end: 36}]
 */
export function templateParts(template: string): readonly TemplatePart[] {
  let parts = PARSED.get(template);
  if (parts === undefined) {
    if (PARSED.size >= MAX_PARSED) PARSED.clear();
    parts = Object.freeze(splitTemplate(template));
    PARSED.set(template, parts);
  }
  return parts;
}

/**
 * Templates already split, by text: a node's URL, headers and body are read by the loader, the call
 * view and a dozen rules, and an app's nodes repeat the same templates. Emptied when full.
 */
const PARSED = new Map<string, readonly TemplatePart[]>();
const MAX_PARSED = 10_000;

function splitTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of template.matchAll(REFERENCE)) {
    const start = match.index;
    if (start > last) parts.push({ text: template.slice(last, start) });
    parts.push({ selector: match[1] as string, start, end: start + match[0].length });
    last = start + match[0].length;
  }
  if (last < template.length) parts.push({ text: template.slice(last) });
  return parts;
}

/** The selectors a template references, each once, in order of first use. */
export function templateReferences(template: string): string[] {
  const seen = new Set<string>();
  for (const part of templateParts(template)) if ("selector" in part) seen.add(part.selector);
  return [...seen];
}

/** A selector split into its node id (`start`, `env`, `sys`) and the path below it. */
export function selectorPath(selector: string): { node: string; path: string[] } {
  const [node = "", ...path] = selector.split(".");
  return { node, path };
}

/** A reference written back as Dify writes it: `{{#start.id#}}`. */
export function referenceOf(selector: string): string {
  return `{{#${selector}#}}`;
}
