import type { Expression } from "acorn";
import { acorn } from "../../../text/javascript-parser.js";
import { findCodeEnd } from "./code-end.js";
import { unsupportedReason } from "./evaluate-expression.js";

/** A piece of an n8n expression: literal text, or one `{{ … }}` read as JavaScript (never run). */
export type TemplatePart =
  | { kind: "text"; text: string }
  | { kind: "code"; source: string; expression: Expression }
  | { kind: "unsupported"; source: string; reason: string };

/**
 * A parameter value as n8n reads it: a string starting with `=` is an expression whose `{{ … }}` parts
 * are JavaScript; anything else is sent as it is (reference fact 22), `{{ … }}` included.
 */
export type N8nValue = { kind: "literal"; value: unknown } | { kind: "expression"; parts: TemplatePart[] };

/** Trailing whitespace and comments between a JavaScript expression and its closing `}}`. */
const SPACE_AND_COMMENTS = /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*/;

/**
 * Reads a parameter value. The JavaScript inside `{{ … }}` is parsed with acorn, so a `}}` inside a string
 * does not end it; what does not parse is kept as source only and never evaluated.
 * @example
 * parseN8nValue("=/items/{{ $fromAI('id') }}").kind; // "expression"
 */
export function parseN8nValue(value: unknown): N8nValue {
  if (typeof value !== "string" || !value.startsWith("=")) return { kind: "literal", value };
  return { kind: "expression", parts: parseTemplate(value.slice(1)) };
}

/** Whether a value is an n8n expression (a string starting with `=`). */
export function isExpression(value: unknown): value is string {
  return typeof value === "string" && value.startsWith("=");
}

/**
 * The template's parts, each character read a bounded number of times: a `{{` whose code cannot be
 * read to a `}}` (an unclosed string or comment) ends at the next `}}` as in n8n, and the `{{ … }}` that
 * follow inside what that reading went over end at their next `}}` too, rather than being read again.
 */
function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let position = 0;
  let readTo = 0;
  while (position < template.length) {
    const open = template.indexOf("{{", position);
    if (open < 0) break;
    if (open > position) parts.push({ kind: "text", text: template.slice(position, open) });
    position = open;
    const start = open + 2;
    const nextClose = template.indexOf("}}", start);
    // No `}}` left: the rest is text.
    if (nextClose < 0) break;
    let code: string | undefined;
    if (start >= readTo) {
      const found = findCodeEnd(template, start);
      if (found.found) code = template.slice(start, found.end);
      else readTo = found.reached;
    } else if (readsToItsEnd(template.slice(start, nextClose))) {
      code = template.slice(start, nextClose);
    }
    // A code the reading could not close is no JavaScript acorn reads either: not parsed.
    parts.push(code === undefined ? unparsed(template.slice(start, nextClose)) : readCode(code));
    position = start + (code?.length ?? nextClose - start) + 2;
  }
  if (position < template.length) parts.push({ kind: "text", text: template.slice(position) });
  return parts;
}

/** Whether code read alone closes every string, comment and bracket it opens. */
function readsToItsEnd(code: string): boolean {
  const found = findCodeEnd(`${code}}}`, 0);
  return found.found && found.end === code.length;
}

function unparsed(code: string): TemplatePart {
  return codePart(code.trim(), undefined);
}

/** A `{{ … }}`'s code: JavaScript when acorn reads all of it (spaces and comments may follow), else source only. */
function readCode(code: string): TemplatePart {
  const parsed = parseWhole(code);
  return codePart(code.slice(0, parsed?.end ?? code.length).trim(), parsed);
}

/** Judged once, when the parameter is read: a call only evaluates what is supported. */
function codePart(source: string, expression: Expression | undefined): TemplatePart {
  const reason = unsupportedReason(expression, source);
  if (reason !== undefined || expression === undefined) {
    return { kind: "unsupported", source, reason: reason ?? source };
  }
  return { kind: "code", source, expression };
}

function parseWhole(code: string): Expression | undefined {
  let parsed: Expression;
  const { stackTraceLimit } = Error;
  // acorn's SyntaxError is thrown away: without a stack trace, a text of many bad codes stays cheap.
  Error.stackTraceLimit = 0;
  try {
    parsed = acorn().parseExpressionAt(code, 0, { ecmaVersion: "latest" });
  } catch {
    // Not JavaScript acorn reads (or nested too deep for it): kept as source, never evaluated.
    return undefined;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  const after = parsed.end + (SPACE_AND_COMMENTS.exec(code.slice(parsed.end))?.[0].length ?? 0);
  return after === code.length ? parsed : undefined;
}
