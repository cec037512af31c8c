import { type EvaluationScope, evaluateExpression } from "./evaluate-expression.js";
import type { N8nValue, TemplatePart } from "./n8n-expression.js";

export type Rendering =
  | { ok: true; value: unknown }
  | { ok: false; unknownVariable: string }
  | { ok: false; unsupported: string };

/**
 * A parameter's value for one call, as n8n computes it: a literal as it is; an expression that is one
 * `{{ … }}` and nothing else keeps its value's type (reference fact 17); a longer template is text, each
 * value written the JavaScript way (`[object Object]`, numbers as text) and a missing one (`undefined`,
 * `null`) as nothing (facts 14, 16).
 * @example
 * renderN8nValue(parseN8nValue("=/items/{{ $fromAI('id') }}"), { args: {} }); // { ok: true, value: "/items/" }
 */
export function renderN8nValue(value: N8nValue, scope: EvaluationScope): Rendering {
  if (value.kind === "literal") return { ok: true, value: value.value };
  const [only] = value.parts;
  if (value.parts.length === 1 && only !== undefined && only.kind !== "text") return renderCode(only, scope);
  let text = "";
  for (const part of value.parts) {
    if (part.kind === "text") {
      text += part.text;
      continue;
    }
    const rendered = renderCode(part, scope);
    if (!rendered.ok) return rendered;
    text += templateText(rendered.value);
  }
  return { ok: true, value: text };
}

function renderCode(part: Exclude<TemplatePart, { kind: "text" }>, scope: EvaluationScope): Rendering {
  if (part.kind === "unsupported") return { ok: false, unsupported: part.reason };
  const evaluated = evaluateExpression(part.expression, scope);
  return evaluated.ok ? evaluated : { ok: false, unknownVariable: evaluated.unknownVariable };
}

/** n8n's templates (riot-tmpl's rule): a falsy value other than 0 and false is written as nothing. */
export function templateText(value: unknown): string {
  if (value === 0 || value === false) return String(value);
  if (!value) return "";
  return String(value);
}
