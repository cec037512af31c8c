import type { DifyApiToolConfig, DifyFixedValue } from "../config/dify-api-tool-config.js";
import { templateParts } from "../template/dify-template.js";
import { pythonStr } from "./python-text.js";

/** The node's fixed values, or the variable tooldeck was not given a value for. */
export type FixedValues = { ok: true; values: Record<string, unknown> } | { ok: false; missing: string };

/**
 * The values a Tool node or an Agent tool fixes, as Dify hands them to the tool. A Tool node (fact 48):
 * `mixed` and `constant` values become `str(value)` rendered as a template, **always a string** (`5` →
 * `"5"`, `true` → `"True"`); `variable` the variable's value. An Agent tool (facts 75–76): a constant that
 * is not a string keeps its type; strings are rendered. A reference `{{#node.var#}}` (or a `variable`
 * selector) takes its value from `vars` under the selector (`--var start.id=42`): the variable pool of a
 * Dify run is not tooldeck's to know.
 * @example
 * fixedValues(config, { "start.city": "Paris" }); // { ok: true, values: { city: "Paris", days: "3" } }
 */
export function fixedValues(config: DifyApiToolConfig, vars: Readonly<Record<string, string>>): FixedValues {
  const values: Record<string, unknown> = {};
  for (const [name, fixed] of Object.entries(config.parameters)) {
    const value = fixedValue(fixed, vars, config.agent !== undefined);
    if (!value.ok) return value;
    if (value.value === undefined) continue;
    Object.defineProperty(values, name, {
      value: value.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { ok: true, values };
}

type One = { ok: true; value: unknown } | { ok: false; missing: string };

function fixedValue(fixed: DifyFixedValue, vars: Readonly<Record<string, string>>, agent: boolean): One {
  if (fixed.value === null || fixed.value === undefined) return { ok: true, value: undefined };
  if (fixed.type === "variable") {
    const selector = Array.isArray(fixed.value) ? fixed.value.map(String).join(".") : String(fixed.value);
    return Object.hasOwn(vars, selector)
      ? { ok: true, value: vars[selector] }
      : { ok: false, missing: selector };
  }
  if (agent && typeof fixed.value !== "string") return { ok: true, value: fixed.value };
  return render(pythonStr(fixed.value), vars);
}

function render(template: string, vars: Readonly<Record<string, string>>): One {
  let text = "";
  for (const part of templateParts(template)) {
    if ("text" in part) text += part.text;
    else if (Object.hasOwn(vars, part.selector)) text += vars[part.selector];
    else return { ok: false, missing: part.selector };
  }
  return { ok: true, value: text };
}
