import { defineOwn } from "../schema/json-schema.js";
import type { EvaluationScope } from "./evaluate-expression.js";
import { type N8nValue, parseN8nValue } from "./n8n-expression.js";
import { type Rendering, renderN8nValue } from "./render-value.js";

/** A parameter tree with every string read once (`parseN8nValue`), so a call only evaluates. */
export type CompiledParameter =
  | { kind: "value"; value: N8nValue }
  | { kind: "array"; items: CompiledParameter[] }
  | { kind: "object"; entries: [string, CompiledParameter][] };

/** Reads a node's parameters once, when the tool is made. */
export function compileParameter(value: unknown): CompiledParameter {
  if (Array.isArray(value)) return { kind: "array", items: value.map(compileParameter) };
  if (typeof value === "object" && value !== null) {
    return {
      kind: "object",
      entries: Object.entries(value).map(([key, item]) => [key, compileParameter(item)]),
    };
  }
  return { kind: "value", value: parseN8nValue(value) };
}

/**
 * A parameter's value for one call, expressions evaluated at every depth, as n8n's `getNodeParameter`
 * gives it; the first expression that cannot be evaluated fails the whole value.
 */
export function renderParameter(parameter: CompiledParameter, scope: EvaluationScope): Rendering {
  if (parameter.kind === "value") return renderN8nValue(parameter.value, scope);
  if (parameter.kind === "array") {
    const items: unknown[] = [];
    for (const item of parameter.items) {
      const rendered = renderParameter(item, scope);
      if (!rendered.ok) return rendered;
      items.push(rendered.value);
    }
    return { ok: true, value: items };
  }
  const object: Record<string, unknown> = {};
  for (const [key, item] of parameter.entries) {
    const rendered = renderParameter(item, scope);
    if (!rendered.ok) return rendered;
    defineOwn(object, key, rendered.value);
  }
  return { ok: true, value: object };
}

/** A node's top-level parameters, compiled, rendered one at a time with n8n's defaults. */
export class CompiledParameters {
  readonly #byName: Map<string, CompiledParameter>;

  constructor(parameters: Record<string, unknown>) {
    this.#byName = new Map(
      Object.entries(parameters).map(([name, value]) => [name, compileParameter(value)]),
    );
  }

  /** The parameter's value for this call, or `fallback` when the node does not set it. */
  render(name: string, scope: EvaluationScope, fallback: unknown): Rendering {
    const parameter = this.#byName.get(name);
    return parameter === undefined ? { ok: true, value: fallback } : renderParameter(parameter, scope);
  }
}
