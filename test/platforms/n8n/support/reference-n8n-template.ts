// tooldeck's reading of an n8n template before issue 37: acorn run over the rest of the text from each
// `{{` (quadratic on hostile text). Kept as the oracle the linear reading is checked against.
import type { Expression } from "acorn";
import { unsupportedReason } from "../../../../src/platforms/n8n/expression/evaluate-expression.js";
import type { N8nValue, TemplatePart } from "../../../../src/platforms/n8n/expression/n8n-expression.js";
import { acorn } from "../../../../src/text/javascript-parser.js";

/** Trailing whitespace and comments between a JavaScript expression and its closing `}}`. */
const SPACE_AND_COMMENTS = /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*/;

/**
 * Reads a parameter value. The JavaScript inside `{{ … }}` is parsed with acorn, so a `}}` inside a string
 * does not end it; what does not parse is kept as source only and never evaluated.
 * @example
 * parseN8nValue("=/items/{{ $fromAI('id') }}").kind; // "expression"
 */
export function referenceParseN8nValue(value: unknown): N8nValue {
  if (typeof value !== "string" || !value.startsWith("=")) return { kind: "literal", value };
  return { kind: "expression", parts: parseTemplate(value.slice(1)) };
}

function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let position = 0;
  while (position < template.length) {
    const open = template.indexOf("{{", position);
    if (open < 0) break;
    if (open > position) parts.push({ kind: "text", text: template.slice(position, open) });
    const code = readCode(template, open + 2);
    if (code === undefined) {
      position = open;
      break;
    }
    parts.push(code.part);
    position = code.end;
  }
  if (position < template.length) parts.push({ kind: "text", text: template.slice(position) });
  return parts;
}

/** The `{{ … }}` starting at `start` (just after `{{`): parsed, or as text up to the next `}}`. */
function readCode(template: string, start: number): { part: TemplatePart; end: number } | undefined {
  const parsed = parseAt(template, start);
  if (parsed) {
    const after = parsed.end + (SPACE_AND_COMMENTS.exec(template.slice(parsed.end))?.[0].length ?? 0);
    if (template.startsWith("}}", after)) {
      return { part: codePart(template.slice(start, parsed.end).trim(), parsed), end: after + 2 };
    }
  }
  const close = template.indexOf("}}", start);
  if (close < 0) return undefined;
  return { part: codePart(template.slice(start, close).trim(), undefined), end: close + 2 };
}

/** Judged once, when the parameter is read: a call only evaluates what is supported. */
function codePart(source: string, expression: Expression | undefined): TemplatePart {
  const reason = unsupportedReason(expression, source);
  if (reason !== undefined || expression === undefined) {
    return { kind: "unsupported", source, reason: reason ?? source };
  }
  return { kind: "code", source, expression };
}

function parseAt(template: string, start: number): Expression | undefined {
  try {
    return acorn().parseExpressionAt(template, start, { ecmaVersion: "latest" });
  } catch {
    // Not JavaScript acorn reads (or nested too deep for it): kept as source, never evaluated.
    return undefined;
  }
}
